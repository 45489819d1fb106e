import { ApiResponse, IdParam, ok, UndoBody, UndoResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { transactionModel, type TransactionDoc } from '../../models/transaction.model';
import type { CheckoutContext } from '../../context';
import { auditedUndo, undoSale } from '../../sales/undo';

/**
 * The till's undo of a recent sale. Every undo is written to the audit log with who made it, once (a repeated call
 * only answers again). A card sale is undone once the staff member confirms the refund at the terminal; that
 * confirmation is logged as `transaction.card_refund`, every other undo as `transaction.undo`, as an admin's is.
 */
export default function postUndo(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/transactions/:id/undo/',
    {
      onRequest: app.requireCapabilities('PAYMENT_UNDO'),
      schema: { tags: ['checkout'], summary: 'Undo a recent sale (money back to the account, top-up reversed, a card refunded at the terminal)', params: IdParam, body: UndoBody, response: { 200: ApiResponse(UndoResult) } },
    },
    async (request) => {
      const refundConfirmed = request.body?.refundConfirmed === true;
      const before = (await transactionModel(ctx.db).findById(request.params.id, { status: 1, method: 1, total: 1, accountId: 1, upgrade: 1, undone: 1 }).lean()) as TransactionDoc | null;
      const undo = () => undoSale(ctx, request.params.id, request.user, { admin: false, refundConfirmed }, request.id);
      // Nothing to log for a sale that is not there, not finished or already undone: undoSale answers or refuses.
      if (!before || before.undone || before.status !== 'completed') return ok(await undo());
      if (before.method === 'card') {
        if (!refundConfirmed) return ok(await undo());
        const result = await auditedUndo(
          ctx,
          request,
          'transaction.card_refund',
          { method: before.method, total: before.total, topup: before.upgrade?.amount ?? null, undone: null },
          (r) => ({ undone: r.undone, refundedAt: 'terminal', confirmedBy: request.user.username }),
          undo,
        );
        return ok(result);
      }
      const result = await auditedUndo(
        ctx,
        request,
        'transaction.undo',
        { status: before.status, method: before.method, total: before.total, accountId: before.accountId ?? null, topup: before.upgrade?.amount ?? null, undone: null },
        (r) => ({ undone: r.undone, balance_after: r.balance_after, accountName: r.accountName }),
        undo,
      );
      return ok(result);
    },
  );
}
