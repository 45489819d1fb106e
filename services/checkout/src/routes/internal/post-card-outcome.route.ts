import { ApiResponse, CardOutcomeRequest, IdParam, ok, PurchaseResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { applyCardOutcome } from '../../sales/card';
import type { CheckoutContext } from '../../context';

export default function postCardOutcome(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/internal/transactions/:id/card-outcome',
    { onRequest: app.requireInternal, schema: { hide: true, params: IdParam, body: CardOutcomeRequest, response: { 200: ApiResponse(PurchaseResult) } } },
    async (request) => ok(await applyCardOutcome(ctx, request.params.id, request.body, request.id)),
  );
}
