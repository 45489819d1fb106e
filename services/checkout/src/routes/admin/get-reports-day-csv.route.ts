import { DayReportQuery } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';
import type { CheckoutContext } from '../../context';
import { reportCsv, reportFileName } from '../../reports/report-files';
import { reportFilter, salesReport } from '../../reports/sales-report';

/** GET /api/admin/reports/day.csv: the day report as CSV (Dutch spreadsheet: `;` and a decimal comma). */
export default function getReportsDayCsv(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/reports/day.csv',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Day report as CSV', querystring: DayReportQuery, response: { 200: z.string().describe('The report as CSV (text/csv)') } } },
    async (request, reply) => {
      const report = await salesReport(ctx, reportFilter(request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(report, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(reportCsv(report));
    },
  );
}
