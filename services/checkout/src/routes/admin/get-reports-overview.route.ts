import { ApiResponse, ok, OverviewQuery, ReportOverview } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../context';
import { reportOverview } from '../../reports/overview';

/** GET /api/admin/reports/overview?days=30|90|365: the treasurer's view (takings per day, balances, top products, hours). */
export default function getReportsOverview(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/reports/overview',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: "The treasurer's view over 30, 90 or 365 days", querystring: OverviewQuery, response: { 200: ApiResponse(ReportOverview) } },
    },
    async (request) => ok(await reportOverview(ctx, request.query.days)),
  );
}
