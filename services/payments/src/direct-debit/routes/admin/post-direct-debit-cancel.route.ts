import { ApiResponse, DirectDebitBatchSummary, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { cancelBatch } from '../../batches';
import { actorOf, directDebitDeps, type PaymentsContext } from '../../../context';

/** POST /api/admin/direct_debit/{id}/cancel: a batch not sent to the bank is dropped; its cut-off is free again. */
export default function postDirectDebitCancel(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/admin/direct_debit/:id/cancel',
    {
      onRequest: app.requireRole('treasurer'),
      schema: { tags: ['admin'], summary: 'Cancel a direct-debit batch', params: IdParam, response: { 200: ApiResponse(DirectDebitBatchSummary) } },
    },
    async (request) => ok(await cancelBatch(directDebitDeps(ctx), request.params.id, actorOf(request.user), request.log)),
  );
}
