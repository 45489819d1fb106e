import { ApiResponse, DirectDebitBatchesQuery, DirectDebitBatchSummary, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { batchSummary, withRecords } from '../../batches';
import { directDebitBatchModel, type DirectDebitBatchDoc } from '../../models/direct-debit-batch.model';
import type { PaymentsContext } from '../../../context';

/** GET /api/admin/direct_debit/: the batches, newest first, optionally of one status (15 a page). */
export default function getDirectDebitBatches(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/direct_debit/',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Direct-debit batches', querystring: DirectDebitBatchesQuery, response: { 200: ApiResponse(Paged(DirectDebitBatchSummary)) } },
    },
    async (request) => {
      const { page, perPage, status } = request.query;
      const filter = status ? { status } : {};
      const Batch = directDebitBatchModel(ctx.db);
      // The list counts skipped accounts and failed debits; the skipped names it does not need.
      const [total, docs] = await Promise.all([
        Batch.countDocuments(filter),
        Batch.find(filter, { 'skipped.name': 0, 'skipped.accountId': 0 }).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean(),
      ]);
      const items = (await withRecords(ctx.db, docs as DirectDebitBatchDoc[])).map(batchSummary);
      return ok({ items, pageCount: Math.ceil(total / perPage), total });
    },
  );
}
