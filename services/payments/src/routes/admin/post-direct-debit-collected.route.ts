import { ApiResponse, DirectDebitBatchSummary, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { markCollected } from '../../direct-debit/batches';
import { actorOf, directDebitDeps, type PaymentsContext } from '../../payments-context';

/** POST /api/admin/direct_debit/{id}/collected: the bank collected the batch; each debit is booked on its account once. */
export default function postDirectDebitCollected(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/admin/direct_debit/:id/collected',
    {
      preHandler: app.requireRole('treasurer'),
      schema: { tags: ['admin'], summary: 'Mark a direct-debit batch collected', params: IdParam, response: { 200: ApiResponse(DirectDebitBatchSummary) } },
    },
    async (request) => ok(await markCollected(directDebitDeps(ctx), request.params.id, actorOf(request.user), request.log)),
  );
}
