import { AdminTransactionsQuery, ApiResponse, ok, Paged, TransactionView } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { transactionModel, type TransactionDoc } from '../../models/transaction.model';
import type { CheckoutContext } from '../../sales/context';
import { transactionView } from '../../sales/views';

export default function getTransactions(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/transactions/',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Sales, newest first, filtered by method, account and day',
        querystring: AdminTransactionsQuery,
        response: { 200: ApiResponse(Paged(TransactionView)) },
      },
    },
    async (request) => {
      const { page, perPage, method, account, day } = request.query;
      const filter: QueryFilter<TransactionDoc> = {};
      if (method) filter.method = method;
      if (day) filter.day = day;
      if (account) filter.$or = [{ accountId: account }, { 'upgrade.accountId': account }];
      const Tx = transactionModel(ctx.db);
      const [total, docs] = await Promise.all([
        Tx.countDocuments(filter),
        Tx.find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean(),
      ]);
      return ok({ items: (docs as TransactionDoc[]).map(transactionView), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
