import { ApiResponse, IdParam, ok, UndoBody, UndoResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { transactionModel, type TransactionDoc } from '../../models/transaction.model';
import type { CheckoutContext } from '../../sales/context';
import { auditedUndo, undoSale } from '../../sales/undo';

/**
 * The till's undo of a recent sale. A card sale is undone once the staff member confirms the refund at the terminal;
 * that confirmation is written to the audit log with who gave it, once (a repeated call only answers again).
 */
export default function postUndo(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/transactions/:id/undo/',
    {
      preHandler: app.requireCapabilities('PAYMENT_UNDO'),
      schema: { tags: ['checkout'], summary: 'Undo a recent sale (money back to the account, top-up reversed, a card refunded at the terminal)', params: IdParam, body: UndoBody, response: { 200: ApiResponse(UndoResult) } },
    },
    async (request) => {
      const refundConfirmed = request.body?.refundConfirmed === true;
      const before = refundConfirmed ? ((await transactionModel(ctx.db).findById(request.params.id, { method: 1, total: 1, upgrade: 1, undone: 1 }).lean()) as TransactionDoc | null) : null;
      const undo = () => undoSale(ctx, request.params.id, request.user, { admin: false, refundConfirmed }, request.id);
      if (!before || before.method !== 'card' || before.undone) return ok(await undo());
      const result = await auditedUndo(
        ctx,
        request,
        'transaction.card_refund',
        { method: before.method, total: before.total, topup: before.upgrade?.amount ?? null, undone: null },
        (r) => ({ undone: r.undone, refundedAt: 'terminal', confirmedBy: request.user.username }),
        undo,
      );
      return ok(result);
    },
  );
}
