import { AdminAccount, AdminAccountBody, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { adminAccount, auditView, checkBank, checkTab } from '../../accounts-admin/admin-accounts';
import { auditActor } from '../../audit/audit';
import type { AccountsContext } from '../../../context';
import { accountModel } from '../../models/account.model';

/** POST /api/admin/accounts/: a new account at € 0,00 (link it to a user on the user's page). */
export default function postAdminAccount(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/accounts/',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: 'Create an account', body: AdminAccountBody, response: { 200: ApiResponse(AdminAccount) } } },
    async (request) => {
      const body = request.body;
      const bank = checkBank(body);
      const tab = checkTab({ ...body, tabLimit: body.tabLimit }, null);
      // The id is made here, so the audit entry written ahead of the account names it.
      const id = String(new Types.ObjectId());
      const view = await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'account.create', entity: 'account', entityId: id, before: null, after: { name: body.name }, at: ctx.now() },
        request.log,
        async () => {
          await accountModel(app.db).create({ _id: id, ...body, ...bank, ...tab, balance: 0, headSeq: 0 });
          ctx.directory.invalidate();
          return (await adminAccount(app.db, ctx, id)).view;
        },
        (created) => ({ after: auditView(created) }),
      );
      return ok(view);
    },
  );
}
