import { ApiResponse, DirectDebitBatchBody, DirectDebitBatchSummary, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { createBatch } from '../../batches';
import { actorOf, directDebitDeps, type PaymentsContext } from '../../../context';

/** POST /api/admin/direct_debit/: a new batch; a job writes its pain.008 file. */
export default function postDirectDebitBatch(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/admin/direct_debit/',
    {
      onRequest: app.requireRole('treasurer'),
      schema: { tags: ['admin'], summary: 'Make a direct-debit batch', body: DirectDebitBatchBody, response: { 200: ApiResponse(DirectDebitBatchSummary) } },
    },
    async (request) => ok(await createBatch(directDebitDeps(ctx), request.body, actorOf(request.user), request.log)),
  );
}
