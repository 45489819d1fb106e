import { AdminAccount, AdminAccountBody, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { adminAccount, auditView, checkBank } from '../../accounts-admin/admin-accounts';
import { auditWho, writeAudit } from '../../audit';
import type { AccountsContext } from '../../context';
import { accountModel } from '../../models/account.model';

/** POST /api/admin/accounts/: a new account at € 0,00 (link it to a user on the user's page). */
export default function postAdminAccount(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/accounts/',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Create an account', body: AdminAccountBody, response: { 200: ApiResponse(AdminAccount) } } },
    async (request) => {
      const body = request.body;
      const bank = checkBank(body);
      const created = await accountModel(app.db).create({ ...body, ...bank, balance: 0, headSeq: 0 });
      ctx.directory.invalidate();
      const { view } = await adminAccount(app.db, ctx, String(created._id));
      await writeAudit(app.db, { who: auditWho(request.user), action: 'account.create', entityType: 'account', entityId: view.id, before: null, after: auditView(view), at: ctx.now() });
      return ok(view);
    },
  );
}
