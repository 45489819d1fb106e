import { AdminShiftsQuery, ApiResponse, ok, Paged, Shift } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../../context';
import { listShifts } from '../../shift-report';

/** GET /api/admin/shifts/: every register's shifts, newest first. */
export default function getAdminShifts(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/shifts/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: "Every register's shifts, newest first", querystring: AdminShiftsQuery, response: { 200: ApiResponse(Paged(Shift)) } } },
    async (request) => ok(await listShifts(ctx, request.query)),
  );
}
