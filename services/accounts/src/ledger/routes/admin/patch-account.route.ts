import { AdminAccount, AdminAccountPatchBody, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { updateAccount } from '../../accounts-admin/update-account';
import type { AccountsContext } from '../../../context';

/** PATCH /api/admin/accounts/{id}/: some fields of an account. */
export default function patchAdminAccount(app: ServiceApp, ctx: AccountsContext) {
  app.patch(
    '/api/admin/accounts/:id/',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: 'Change some fields of an account', params: IdParam, body: AdminAccountPatchBody, response: { 200: ApiResponse(AdminAccount) } } },
    async (request) => ok(await updateAccount(app, ctx, request.params.id, request.body, request.user, request.log)),
  );
}
