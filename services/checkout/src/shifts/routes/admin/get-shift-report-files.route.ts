import { IdParam } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../../context';
import { reportCsv, reportFileName, reportPdf } from '../../../reports/report-files';
import { shiftReport } from '../../shift-report';

const TYPES = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' } as const;

/** GET /api/admin/shifts/{id}/report.pdf and report.csv: a shift's report as a file (A4 PDF, Dutch CSV), as the day report's. */
export default function getShiftReportFiles(app: ServiceApp, ctx: CheckoutContext) {
  for (const ext of ['pdf', 'csv'] as const) {
    app.get(
      `/api/admin/shifts/:id/report.${ext}`,
      { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: `A shift's report as a ${ext.toUpperCase()} file`, params: IdParam } },
      async (request, reply) => {
        const { shift, registerName, sales } = await shiftReport(ctx, request.params.id);
        const of = { shift, registerName, timeZone: ctx.env.TIME_ZONE };
        return reply
          .header('content-type', TYPES[ext])
          .header('content-disposition', `attachment; filename="${reportFileName(sales, ext, shift)}"`)
          .header('cache-control', 'no-store')
          .send(ext === 'pdf' ? Buffer.from(await reportPdf(sales, of)) : reportCsv(sales, of));
      },
    );
  }
}
