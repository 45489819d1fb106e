import { AdminUser, AdminUserPatchBody, ApiResponse, IdParam, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../../ledger/audit/audit';
import type { AccountsContext } from '../../../context';
import { userModel } from '../../models/user.model';
import { publishUser } from '../../security/rights';
import { adminUser, assertLinks, auditView } from '../../users/admin-users';

/**
 * PATCH /api/admin/users/{id}/: name, admin flag and roles, register, linked account, disabled. Holds at once in every service
 * (identity/security/rights.ts); disabling ends every sign-in of the user. An admin cannot take their own admin flag or
 * disable themselves (409): a board must never lock itself out by a slip.
 */
export default function patchAdminUser(app: ServiceApp, ctx: AccountsContext) {
  app.patch(
    '/api/admin/users/:id/',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: 'Change a user', params: IdParam, body: AdminUserPatchBody, response: { 200: ApiResponse(AdminUser) } } },
    async (request) => {
      const { view: before } = await adminUser(app.db, request.params.id);
      const self = request.params.id === request.user.sub;
      if (self && request.body.isAdmin === false) throw new AppError(409, 'conflict', 'You cannot take away your own admin rights. Ask another admin.');
      if (self && request.body.disabled === true) throw new AppError(409, 'conflict', 'You cannot disable yourself. Ask another admin.');
      // The board keeps users: a board member who could drop their own board role might leave nobody to give it back.
      if (self && request.body.roles && !request.body.roles.includes('board')) throw new AppError(409, 'conflict', 'You cannot take away your own board role. Ask another admin.');
      await assertLinks(app.db, request.body, request.params.id);
      const set: Record<string, unknown> = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      if (request.body.disabled === true) set.tokensValidAfter = ctx.now();
      const after = await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'user.update', entity: 'user', entityId: before.id, before: auditView(before), after: { ...auditView(before), ...set, tokensValidAfter: undefined }, expect: set, at: ctx.now() },
        request.log,
        async () => {
          const updated = await userModel(app.db).findByIdAndUpdate(request.params.id, { $set: set }, { returnDocument: 'after' }).lean();
          if (!updated) throw new AppError(404, 'not_found', 'This user does not exist.');
          await publishUser(app, updated);
          return (await adminUser(app.db, request.params.id)).view;
        },
        (view) => ({ after: auditView(view) }),
      );
      return ok(after);
    },
  );
}
