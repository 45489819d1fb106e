import { AdminRegister, AdminRegisterBody, ApiResponse, ok } from '@kassa/contracts';
import { AppError, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { auditActor } from '../../../ledger/audit/audit';
import type { AccountsContext } from '../../../context';
import { registerModel } from '../../models/register.model';
import { publishRegister } from '../../security/rights';
import { adminRegister, assertRegisterNameFree } from '../../users/admin-registers';

/** POST /api/admin/registers/: a new till (or kind of user) with its capabilities. */
export default function postAdminRegister(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/registers/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Create a register', body: AdminRegisterBody, response: { 200: ApiResponse(AdminRegister) } } },
    async (request) => {
      await assertRegisterNameFree(app.db, request.body.name);
      // The id is made here, so the audit entry written ahead of the register names it.
      const id = String(new Types.ObjectId());
      const after = await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'register.create', entity: 'register', entityId: id, before: null, after: { id, name: request.body.name }, at: ctx.now() },
        request.log,
        async () => {
          try {
            const created = await registerModel(app.db).create({ _id: id, ...request.body });
            await publishRegister(app, created);
          } catch (err) {
            if (isDuplicateKey(err)) throw new AppError(409, 'conflict', `There is already a register called ${request.body.name}.`);
            throw err;
          }
          return adminRegister(app.db, id);
        },
        (view) => ({ after: view }),
      );
      return ok(after);
    },
  );
}
