import { AdminUser, AdminUserCreateBody, ApiResponse, ok } from '@kassa/contracts';
import { AppError, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { auditActor } from '../../../ledger/audit/audit';
import type { AccountsContext } from '../../../context';
import { userModel } from '../../models/user.model';
import { hashPassword } from '../../security/passwords';
import { publishUser } from '../../security/rights';
import { adminUser, assertLinks, auditView } from '../../users/admin-users';

const taken = (username: string) => new AppError(409, 'conflict', `The username ${username} is taken.`);

/** POST /api/admin/users/: a user who signs in with a password (single-sign-on users make themselves). */
export default function postAdminUser(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/users/',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: 'Create a user', body: AdminUserCreateBody, response: { 200: ApiResponse(AdminUser) } } },
    async (request) => {
      const { password, ...fields } = request.body;
      if (await userModel(app.db).exists({ username: fields.username })) throw taken(fields.username);
      await assertLinks(app.db, fields, null);
      const passwordHash = await hashPassword(password);
      // The id is made here, so the audit entry written ahead of the user names it.
      const id = String(new Types.ObjectId());
      const view = await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'user.create', entity: 'user', entityId: id, before: null, after: { username: fields.username }, at: ctx.now() },
        request.log,
        async () => {
          try {
            const created = await userModel(app.db).create({ _id: id, ...fields, displayName: fields.displayName ?? null, passwordHash, acceptedConditionVersion: 0 });
            await publishUser(app, created);
          } catch (err) {
            if (isDuplicateKey(err)) throw taken(fields.username);
            throw err;
          }
          return (await adminUser(app.db, id)).view;
        },
        (created) => ({ after: auditView(created) }),
      );
      return ok(view);
    },
  );
}
