import { DayReportQuery } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../context';
import { reportFileName, reportPdf } from '../../reports/report-files';
import { reportFilter, salesReport } from '../../reports/sales-report';

/** GET /api/admin/reports/day.pdf: the day report as a PDF file (A4, Dutch) for the treasurer's files. */
export default function getReportsDayPdf(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/reports/day.pdf',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Day report as a PDF file', querystring: DayReportQuery } },
    async (request, reply) => {
      const report = await salesReport(ctx, reportFilter(request.query));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${reportFileName(report, 'pdf')}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(await reportPdf(report)));
    },
  );
}
