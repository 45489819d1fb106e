import { AdminRegister, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { adminRegister } from '../../users/admin-registers';

/** GET /api/admin/registers/{id}/: one register. */
export default function getAdminRegister(app: ServiceApp) {
  app.get(
    '/api/admin/registers/:id/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'One register', params: IdParam, response: { 200: ApiResponse(AdminRegister) } } },
    async (request) => ok(await adminRegister(app.db, request.params.id)),
  );
}
