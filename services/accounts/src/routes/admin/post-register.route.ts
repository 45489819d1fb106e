import { AdminRegister, AdminRegisterBody, ApiResponse, ok } from '@kassa/contracts';
import { AppError, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { auditWho, writeAudit } from '../../audit';
import type { AccountsContext } from '../../context';
import { registerModel } from '../../models/register.model';
import { publishRegister } from '../../security/rights';
import { adminRegister, assertRegisterNameFree } from '../../users/admin-registers';

/** POST /api/admin/registers/: a new till (or kind of user) with its capabilities. */
export default function postAdminRegister(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/registers/',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Create a register', body: AdminRegisterBody, response: { 200: ApiResponse(AdminRegister) } } },
    async (request) => {
      await assertRegisterNameFree(app.db, request.body.name);
      let id: string;
      try {
        const created = await registerModel(app.db).create(request.body);
        id = String(created._id);
        await publishRegister(app, created);
      } catch (err) {
        if (isDuplicateKey(err)) throw new AppError(409, 'conflict', `There is already a register called ${request.body.name}.`);
        throw err;
      }
      const after = await adminRegister(app.db, id);
      await writeAudit(app.db, { who: auditWho(request.user), action: 'register.create', entityType: 'register', entityId: id, before: null, after, at: ctx.now() });
      return ok(after);
    },
  );
}
