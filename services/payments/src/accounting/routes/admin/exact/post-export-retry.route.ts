import { AccountingExport, ApiResponse, IdParam, ok } from '@kassa/contracts';
import { AppError, notFound, type ServiceApp } from '@kassa/service-kit';
import { actorOf, exportView } from '../../../export-views';
import { enqueueExport } from '../../../jobs/accounting-export.job';
import { accountingExportModel, type AccountingExportDoc } from '../../../models/accounting-export.model';
import type { PaymentsContext } from '../../../../context';

/** Runs a failed export again; the days it booked before stay booked and are not booked twice. */
export default function postExactExportRetry(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/admin/exact/exports/:id/retry',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Accounting export: retry a failed export', params: IdParam, response: { 200: ApiResponse(AccountingExport) } } },
    async (request) => {
      const Export = accountingExportModel(ctx.db);
      const doc = (await Export.findById(request.params.id).lean()) as AccountingExportDoc | null;
      if (!doc) throw notFound('This export does not exist.');
      if (doc.status !== 'failed') throw new AppError(409, 'conflict', 'Only a failed export can be retried.');
      await ctx.exactConnections.session();
      const before = exportView(doc);
      const attempts = (doc.attempts ?? 0) + 1;
      const after = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'accounting_export.retry', entity: 'accounting_export', entityId: before.id, before, after: { ...before, status: 'queued', attempts, error: null } },
        request.log,
        async () => {
          const claimed = await Export.updateOne({ _id: doc._id, status: 'failed', attempts: doc.attempts }, { $set: { status: 'queued', attempts, error: null, finishedAt: null } });
          if (claimed.modifiedCount !== 1) throw new AppError(409, 'conflict', 'This export is being retried already.');
          return exportView((await Export.findById(doc._id).lean()) as AccountingExportDoc);
        },
        (view) => ({ after: view }),
      );
      await enqueueExport(ctx.exportQueue, after.id, attempts);
      return ok(after);
    },
  );
}
