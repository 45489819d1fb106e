import { ApiResponse, IdParam, ok, UndoResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../sales/context';
import { undoSale } from '../../sales/undo';

export default function postUndo(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/transactions/:id/undo/',
    {
      preHandler: app.requireCapabilities('PAYMENT_UNDO'),
      schema: { tags: ['checkout'], summary: 'Undo a recent sale (money back to the account, top-up reversed)', params: IdParam, response: { 200: ApiResponse(UndoResult) } },
    },
    async (request) => ok(await undoSale(ctx, request.params.id, request.user, { admin: false }, request.id)),
  );
}
