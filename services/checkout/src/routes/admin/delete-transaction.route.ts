import { ApiResponse, IdParam, ok, UndoResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { transactionModel, type TransactionDoc } from '../../models/transaction.model';
import type { CheckoutContext } from '../../context';
import { auditedUndo, undoSale } from '../../sales/undo';

/**
 * An administrator's undo: no time limit, also for card sales (refunded at the terminal first). Never a delete.
 * The undo is written to the audit log once, by the call that made it; a repeated call only answers it again.
 */
export default function deleteTransaction(app: ServiceApp, ctx: CheckoutContext) {
  app.delete(
    '/api/admin/transactions/:id/',
    {
      onRequest: app.requireRole('treasurer'),
      schema: { tags: ['admin'], summary: 'Undo a sale as an administrator', params: IdParam, response: { 200: ApiResponse(UndoResult) } },
    },
    async (request) => {
      const before = (await transactionModel(ctx.db).findById(request.params.id, { status: 1, method: 1, total: 1, accountId: 1, upgrade: 1, undone: 1 }).lean()) as TransactionDoc | null;
      const undo = () => undoSale(ctx, request.params.id, request.user, { admin: true, note: `Undone by administrator ${request.user.username}` }, request.id);
      if (!before || before.undone) return ok(await undo());
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
