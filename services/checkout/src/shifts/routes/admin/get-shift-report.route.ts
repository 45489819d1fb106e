import { ApiResponse, IdParam, ok, ShiftReport } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../../context';
import { shiftReport } from '../../shift-report';

/** GET /api/admin/shifts/{id}/report: a shift with the report of its sales. */
export default function getShiftReport(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/shifts/:id/report',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'A shift and the report of its sales', params: IdParam, response: { 200: ApiResponse(ShiftReport) } } },
    async (request) => ok(await shiftReport(ctx, request.params.id)),
  );
}
