import { AdminUser, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { adminUser } from '../../users/admin-users';

/** GET /api/admin/users/{id}/: one user. */
export default function getAdminUser(app: ServiceApp) {
  app.get(
    '/api/admin/users/:id/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'One user', params: IdParam, response: { 200: ApiResponse(AdminUser) } } },
    async (request) => ok((await adminUser(app.db, request.params.id)).view),
  );
}
