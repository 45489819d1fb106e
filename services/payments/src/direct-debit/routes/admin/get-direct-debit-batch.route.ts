import { ApiResponse, DirectDebitBatchDetail, DirectDebitBatchQuery, IdParam, ok, type DirectDebitSkipReason } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { batchSummary, collectable, debitLine, loadBatch } from '../../batches';
import { directDebitDeps, type PaymentsContext } from '../../../context';

/** GET /api/admin/direct_debit/{id}/: the batch, a page of its debits (optionally of one status) and every skipped account. */
export default function getDirectDebitBatch(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/direct_debit/:id/',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'One direct-debit batch', params: IdParam, querystring: DirectDebitBatchQuery, response: { 200: ApiResponse(DirectDebitBatchDetail) } },
    },
    async (request) => {
      const { page, perPage, debitStatus } = request.query;
      const batch = await loadBatch(ctx.db, request.params.id);
      const debits = batch.debits.filter((d) => !debitStatus || d.status === debitStatus);
      return ok({
        batch: batchSummary(batch),
        creditor: { name: batch.creditor.name ?? '', iban: batch.creditor.iban ?? '', bic: batch.creditor.bic ?? '', creditorId: batch.creditor.creditorId ?? '' },
        debits: { items: debits.slice((page - 1) * perPage, page * perPage).map(debitLine), pageCount: Math.ceil(debits.length / perPage), total: debits.length },
        skipped: batch.skipped.map((s) => ({ accountId: s.accountId, name: s.name, amount: s.amount, reason: s.reason as DirectDebitSkipReason, detail: s.detail ?? null })),
        collectable: collectable(directDebitDeps(ctx), batch),
      });
    },
  );
}
