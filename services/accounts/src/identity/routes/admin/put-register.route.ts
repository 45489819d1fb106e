import { AdminRegister, AdminRegisterBody, ApiResponse, IdParam, ok } from '@kassa/contracts';
import { AppError, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../../ledger/audit/audit';
import type { AccountsContext } from '../../../context';
import { registerModel } from '../../models/register.model';
import { publishRegister } from '../../security/rights';
import { adminRegister, assertRegisterNameFree } from '../../users/admin-registers';

/**
 * PUT /api/admin/registers/{id}/: name, capabilities and terminal. A capability taken away holds at once for the tills
 * signed in at this register (their next call), and their screen drops the button at its next config load.
 */
export default function putAdminRegister(app: ServiceApp, ctx: AccountsContext) {
  app.put(
    '/api/admin/registers/:id/',
    {
      onRequest: app.requireRole('bar_committee'),
      schema: { tags: ['admin'], summary: 'Change a register', params: IdParam, body: AdminRegisterBody, response: { 200: ApiResponse(AdminRegister) } },
    },
    async (request) => {
      const before = await adminRegister(app.db, request.params.id);
      await assertRegisterNameFree(app.db, request.body.name, request.params.id);
      const after = await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'register.update', entity: 'register', entityId: before.id, before, after: { ...before, ...request.body }, at: ctx.now() },
        request.log,
        async () => {
          let updated;
          try {
            updated = await registerModel(app.db).findByIdAndUpdate(request.params.id, { $set: request.body }, { returnDocument: 'after' }).lean();
          } catch (err) {
            if (isDuplicateKey(err)) throw new AppError(409, 'conflict', `There is already a register called ${request.body.name}.`);
            throw err;
          }
          if (!updated) throw new AppError(404, 'not_found', 'This register does not exist.');
          await publishRegister(app, updated);
          return adminRegister(app.db, request.params.id);
        },
        (view) => ({ after: view }),
      );
      return ok(after);
    },
  );
}
