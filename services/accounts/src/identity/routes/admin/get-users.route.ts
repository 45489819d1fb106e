import { AdminUser, AdminUsersQuery, ApiResponse, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { userModel, type UserDoc } from '../../models/user.model';
import { adminUsers, USER_FIELDS } from '../../users/admin-users';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** GET /api/admin/users/: users by username, 15 a page, with a search on username and name. */
export default function getAdminUsers(app: ServiceApp) {
  app.get(
    '/api/admin/users/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Users, paged', querystring: AdminUsersQuery, response: { 200: ApiResponse(Paged(AdminUser)) } } },
    async (request) => {
      const { page, perPage, search } = request.query;
      const filter: QueryFilter<UserDoc> = {};
      if (search?.trim()) {
        const pattern = new RegExp(escapeRegex(search.trim()), 'i');
        filter.$or = [{ username: pattern }, { displayName: pattern }];
      }
      const User = userModel(app.db);
      const [total, rows] = await Promise.all([User.countDocuments(filter), User.find(filter, USER_FIELDS).sort({ username: 1 }).skip((page - 1) * perPage).limit(perPage).lean()]);
      return ok({ items: await adminUsers(app.db, rows), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
