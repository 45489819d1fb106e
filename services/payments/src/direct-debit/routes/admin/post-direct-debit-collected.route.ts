import { ApiResponse, ApprovalView, DirectDebitBatchSummary, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { markCollected } from '../../batches';
import { actorOf, directDebitDeps, type PaymentsContext } from '../../../context';

/**
 * POST /api/admin/direct_debit/{id}/collected: the bank collected the batch; each debit is booked on its account once.
 * Four eyes (issue 50 §5): the first treasurer's call prepares it (202 with the pending approval, nothing booked), the
 * same call by another treasurer approves it and books the debits.
 */
export default function postDirectDebitCollected(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/admin/direct_debit/:id/collected',
    {
      onRequest: app.requireRole('treasurer'),
      schema: { tags: ['admin'], summary: 'Mark a direct-debit batch collected (prepare, or approve what another admin prepared)', params: IdParam, response: { 200: ApiResponse(DirectDebitBatchSummary), 202: ApiResponse(ApprovalView) } },
    },
    async (request, reply) => {
      const result = await markCollected(directDebitDeps(ctx), request.params.id, actorOf(request.user), request.log, request.user);
      if ('pending' in result) return reply.code(202).send(ok(result.pending));
      return ok(result);
    },
  );
}
