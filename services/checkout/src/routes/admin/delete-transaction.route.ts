import { ApiResponse, IdParam, ok, UndoResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../sales/context';
import { undoSale } from '../../sales/undo';

/** An administrator's undo: no time limit, also for card sales (refunded at the terminal first). Never a delete. */
export default function deleteTransaction(app: ServiceApp, ctx: CheckoutContext) {
  app.delete(
    '/api/admin/transactions/:id/',
    {
      preHandler: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Undo a sale as an administrator', params: IdParam, response: { 200: ApiResponse(UndoResult) } },
    },
    async (request) =>
      ok(await undoSale(ctx, request.params.id, request.user, { admin: true, note: `Undone by administrator ${request.user.username}` }, request.id)),
  );
}
