import { AdminRegister, ApiResponse, IdParam, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../../ledger/audit/audit';
import type { AccountsContext } from '../../../context';
import { registerModel } from '../../models/register.model';
import { adminRegister } from '../../users/admin-registers';

/** DELETE /api/admin/registers/{id}/: only a register without users; otherwise 409 naming them. */
export default function deleteAdminRegister(app: ServiceApp, ctx: AccountsContext) {
  app.delete(
    '/api/admin/registers/:id/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Delete a register without users', params: IdParam, response: { 200: ApiResponse(AdminRegister) } } },
    async (request) => {
      const before = await adminRegister(app.db, request.params.id);
      if (before.users.length > 0) {
        throw new AppError(409, 'conflict', `${before.name} still has users: ${before.users.map((u) => u.username).join(', ')}. Give them another register first.`);
      }
      await ctx.audit.audited({ actor: auditActor(request.user), action: 'register.delete', entity: 'register', entityId: before.id, before, after: null, at: ctx.now() }, request.log, async () => {
        await registerModel(app.db).deleteOne({ _id: before.id });
        await app.authDirectory.forgetRegister(before.id);
      });
      return ok(before);
    },
  );
}
