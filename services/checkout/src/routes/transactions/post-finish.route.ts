import { ApiResponse, IdParam, ok, PurchaseResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { finishSale } from '../../sales/card';
import type { CheckoutContext } from '../../context';

export default function postFinish(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/transactions/:id/finish/',
    {
      onRequest: app.authenticate,
      schema: { tags: ['checkout'], summary: 'The final result of a sale, once its card payment has finished', params: IdParam, response: { 200: ApiResponse(PurchaseResult) } },
    },
    async (request) => ok(await finishSale(ctx, request.params.id, request.user)),
  );
}
