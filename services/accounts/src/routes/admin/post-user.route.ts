import { AdminUser, AdminUserCreateBody, ApiResponse, ok } from '@kassa/contracts';
import { AppError, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { auditWho, writeAudit } from '../../audit';
import type { AccountsContext } from '../../context';
import { userModel } from '../../models/user.model';
import { hashPassword } from '../../security/passwords';
import { publishUser } from '../../security/rights';
import { adminUser, assertLinks, auditView } from '../../users/admin-users';

const taken = (username: string) => new AppError(409, 'conflict', `The username ${username} is taken.`);

/** POST /api/admin/users/: a user who signs in with a password (single-sign-on users make themselves). */
export default function postAdminUser(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/users/',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Create a user', body: AdminUserCreateBody, response: { 200: ApiResponse(AdminUser) } } },
    async (request) => {
      const { password, ...fields } = request.body;
      if (await userModel(app.db).exists({ username: fields.username })) throw taken(fields.username);
      await assertLinks(app.db, fields, null);
      let id: string;
      try {
        const created = await userModel(app.db).create({ ...fields, displayName: fields.displayName ?? null, passwordHash: await hashPassword(password), acceptedConditionVersion: 0 });
        id = String(created._id);
        await publishUser(app, created);
      } catch (err) {
        if (isDuplicateKey(err)) throw taken(fields.username);
        throw err;
      }
      const { view } = await adminUser(app.db, id);
      await writeAudit(app.db, { who: auditWho(request.user), action: 'user.create', entityType: 'user', entityId: id, before: null, after: auditView(view), at: ctx.now() });
      return ok(view);
    },
  );
}
