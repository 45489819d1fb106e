import { AdminAccount, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { adminAccount } from '../../accounts-admin/admin-accounts';
import type { AccountsContext } from '../../../context';

/** GET /api/admin/accounts/{id}/: one account with its balance from the ledger and its users. */
export default function getAdminAccount(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/accounts/:id/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'One account', params: IdParam, response: { 200: ApiResponse(AdminAccount) } } },
    async (request) => ok((await adminAccount(app.db, ctx, request.params.id)).view),
  );
}
