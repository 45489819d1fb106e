import { AdminAccount, AdminAccountBody, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { updateAccount } from '../../accounts-admin/update-account';
import type { AccountsContext } from '../../../context';

/** PUT /api/admin/accounts/{id}/: every editable field of an account (name, type, credit, limit, bank, mandate). */
export default function putAdminAccount(app: ServiceApp, ctx: AccountsContext) {
  app.put(
    '/api/admin/accounts/:id/',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: 'Change an account', params: IdParam, body: AdminAccountBody, response: { 200: ApiResponse(AdminAccount) } } },
    async (request) => ok(await updateAccount(app, ctx, request.params.id, request.body, request.user, request.log)),
  );
}
