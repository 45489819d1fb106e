import { ApiResponse, ok, SalesCount, SalesCountQuery, type CheckoutMethod } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { transactionModel, type TransactionDoc } from '../../models/transaction.model';
import type { CheckoutContext } from '../../context';

/**
 * Completed sales that were not undone, paid by the given checkout methods (cash, card, account, self, other; all
 * when none is given), between two Dutch days inclusive. For the ledgers of accounts' administration (a ledger counts
 * what it covers; checkout owns the sales).
 */
export default function getSalesCount(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/internal/sales/count',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: SalesCountQuery, response: { 200: ApiResponse(SalesCount) } } },
    async (request) => {
      const { methods, start, end } = request.query;
      const filter: QueryFilter<TransactionDoc> = { status: 'completed', undone: null };
      if (methods) filter.method = { $in: methods.split(',') as CheckoutMethod[] };
      const day: Record<string, string> = {};
      if (start) day.$gte = start;
      if (end) day.$lte = end;
      if (start || end) filter.day = day;
      return ok({ count: await transactionModel(ctx.db).countDocuments(filter) });
    },
  );
}
