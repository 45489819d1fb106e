import { ApiResponse, DaySalesQuery, DaySalesResult, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { transactionModel, type TransactionDoc } from '../../models/transaction.model';
import type { CheckoutContext } from '../../context';

/**
 * One Dutch day's completed, not undone sales, small: who paid (an account, or nobody for cash, card and other),
 * the total and the lines by name. For POS Wrapped in accounts, which walks the year a day at a time (an equality read
 * of `day`, which FerretDB answers from an index). [ferretdb:equality-index]
 */
export default function getDaySales(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/internal/sales/day',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: DaySalesQuery, response: { 200: ApiResponse(DaySalesResult) } } },
    async (request) => {
      const docs = (await transactionModel(ctx.db)
        .find({ day: request.query.day }, { method: 1, accountId: 1, total: 1, status: 1, undone: 1, products: 1 })
        .lean()) as TransactionDoc[];
      const sales = docs
        .filter((tx) => tx.status === 'completed' && !tx.undone)
        .map((tx) => ({
          accountId: tx.method === 'account' || tx.method === 'self' ? (tx.accountId ?? null) : null,
          method: tx.method,
          total: tx.total,
          items: tx.products.map((p) => ({ name: p.name, amount: p.amount })),
        }));
      return ok({ sales });
    },
  );
}
