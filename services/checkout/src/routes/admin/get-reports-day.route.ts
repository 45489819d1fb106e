import { ApiResponse, DayReport, DayReportQuery, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../context';
import { reportFilter, salesReport } from '../../reports/sales-report';

/** GET /api/admin/reports/day?day= (or ?from=&to=): the day report of one local day or a range of days. */
export default function getReportsDay(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/reports/day',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Day report: takings by method, top-ups, undos, deposits, products and categories', querystring: DayReportQuery, response: { 200: ApiResponse(DayReport) } },
    },
    async (request) => ok(await salesReport(ctx, reportFilter(request.query))),
  );
}
