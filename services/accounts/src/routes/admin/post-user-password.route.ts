import { AdminPasswordBody, AdminUser, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { auditWho, writeAudit } from '../../audit';
import type { AccountsContext } from '../../context';
import { userModel } from '../../models/user.model';
import { hashPassword } from '../../security/passwords';
import { publishUser } from '../../security/rights';
import { adminUser, auditView } from '../../users/admin-users';

/** POST /api/admin/users/{id}/password: a new password; every older sign-in of the user ends at once. */
export default function postAdminUserPassword(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/users/:id/password',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: "Reset a user's password", params: IdParam, body: AdminPasswordBody, response: { 200: ApiResponse(AdminUser) } } },
    async (request) => {
      const { view: before } = await adminUser(app.db, request.params.id);
      const updated = await userModel(app.db)
        .findByIdAndUpdate(request.params.id, { $set: { passwordHash: await hashPassword(request.body.password), tokensValidAfter: ctx.now() } }, { new: true })
        .lean();
      await publishUser(app, updated!);
      const { view: after } = await adminUser(app.db, request.params.id);
      await writeAudit(app.db, {
        who: auditWho(request.user),
        action: 'user.password.reset',
        entityType: 'user',
        entityId: after.id,
        before: { ...auditView(before), password: 'set' },
        after: { ...auditView(after), password: 'reset, earlier sign-ins ended' },
        at: ctx.now(),
      });
      return ok(after);
    },
  );
}
