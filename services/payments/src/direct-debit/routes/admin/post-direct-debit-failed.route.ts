import { ApiResponse, DirectDebitBatchSummary, DirectDebitFailBody, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { markDebitFailed } from '../../batches';
import { actorOf, directDebitDeps, type PaymentsContext } from '../../../context';

/** POST /api/admin/direct_debit/{id}/failed: the bank reversed one debit; the debt goes back and credit is switched off. */
export default function postDirectDebitFailed(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/admin/direct_debit/:id/failed',
    {
      onRequest: app.requireRole('treasurer'),
      schema: { tags: ['admin'], summary: 'Mark one debit of a batch failed', params: IdParam, body: DirectDebitFailBody, response: { 200: ApiResponse(DirectDebitBatchSummary) } },
    },
    async (request) => ok(await markDebitFailed(directDebitDeps(ctx), request.params.id, request.body.accountId, request.body.reason, actorOf(request.user), request.log)),
  );
}
