import { AdminReasons, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { adminReason } from '../../admin/views';
import { reasonModel } from '../../models/reason.model';

/** GET /api/admin/reasons/: the "other" payment reasons in till order. */
export default function getAdminReasons(app: ServiceApp) {
  app.get(
    '/api/admin/reasons/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Other-payment reasons', response: { 200: ApiResponse(AdminReasons) } } },
    async () => ok({ reasons: (await reasonModel(app.db).find().sort({ position: 1, name: 1 }).lean()).map(adminReason) }),
  );
}
