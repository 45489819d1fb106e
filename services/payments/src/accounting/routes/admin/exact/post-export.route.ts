import { AccountingExport, ApiResponse, ExportBody, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { assertClosed, assertMapped, unmappedOf } from '../../../export-rules';
import { actorOf, exportView } from '../../../export-views';
import { loadLedgers } from '../../../journal-sources';
import { enqueueExport } from '../../../jobs/accounting-export.job';
import { accountingExportModel, type AccountingExportDoc } from '../../../models/accounting-export.model';
import type { PaymentsContext } from '../../../../context';

/** Books a range of closed days in Exact Online, one entry per day, through the accounting-export job. */
export default function postExactExport(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/admin/exact/exports',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Accounting export: export days to Exact Online', body: ExportBody, response: { 200: ApiResponse(AccountingExport) } } },
    async (request) => {
      const { start, end } = request.body;
      assertClosed(end, ctx.now());
      await ctx.exactConnections.session();
      assertMapped(unmappedOf(await loadLedgers(ctx)));
      const Export = accountingExportModel(ctx.db);
      const created = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'accounting_export.create', entity: 'accounting_export', entityId: null, before: null, after: { start, end, status: 'queued' } },
        request.log,
        async () => exportView((await Export.create({ start, end, status: 'queued', attempts: 1, requestedBy: request.user.username })).toObject() as AccountingExportDoc),
        (view) => ({ entityId: view.id, after: view }),
      );
      await enqueueExport(ctx.exportQueue, created.id, 1);
      return ok(created);
    },
  );
}
