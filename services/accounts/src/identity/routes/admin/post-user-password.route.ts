import { AdminPasswordBody, AdminUser, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../../ledger/audit/audit';
import type { AccountsContext } from '../../../context';
import { userModel } from '../../models/user.model';
import { hashPassword } from '../../security/passwords';
import { publishUser } from '../../security/rights';
import { adminUser, auditView } from '../../users/admin-users';

/** POST /api/admin/users/{id}/password: a new password; every older sign-in of the user ends at once. */
export default function postAdminUserPassword(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/users/:id/password',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: "Reset a user's password", params: IdParam, body: AdminPasswordBody, response: { 200: ApiResponse(AdminUser) } } },
    async (request) => {
      const { view: before } = await adminUser(app.db, request.params.id);
      const passwordHash = await hashPassword(request.body.password);
      const at = ctx.now();
      const reset = { password: 'reset, earlier sign-ins ended' };
      const after = await ctx.audit.audited(
        {
          actor: auditActor(request.user),
          action: 'user.password.reset',
          entity: 'user',
          entityId: before.id,
          before: { ...auditView(before), password: 'set' },
          after: { ...auditView(before), ...reset },
          // The reset happened when the user's sign-ins end at this moment.
          expect: { tokensValidAfter: at },
          at,
        },
        request.log,
        async () => {
          const updated = await userModel(app.db).findByIdAndUpdate(request.params.id, { $set: { passwordHash, tokensValidAfter: at } }, { returnDocument: 'after' }).lean();
          await publishUser(app, updated!);
          return (await adminUser(app.db, request.params.id)).view;
        },
        (view) => ({ after: { ...auditView(view), ...reset } }),
      );
      return ok(after);
    },
  );
}
