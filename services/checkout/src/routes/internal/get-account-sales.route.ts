import { AccountSalesQuery, AccountSalesResult, ApiResponse, ok, type AccountSale } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { transactionModel, type TransactionDoc } from '../../models/transaction.model';
import type { CheckoutContext } from '../../context';

/**
 * The sales that move money on accounts (paid from one, or with a top-up), for the ledger audit in accounts. One
 * wide read with a small projection: FerretDB scans the collection for any filter anyway. [ferretdb:scan]
 */
export default function getAccountSales(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/internal/transactions/account-sales',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: AccountSalesQuery, response: { 200: ApiResponse(AccountSalesResult) } } },
    async (request) => {
      const filter: QueryFilter<TransactionDoc> = { $or: [{ method: { $in: ['account', 'self'] } }, { upgrade: { $ne: null } }] };
      if (request.query.since) filter.createdAt = { $gte: new Date(request.query.since) };
      const docs = (await transactionModel(ctx.db)
        .find(filter, { nonce: 1, method: 1, accountId: 1, total: 1, status: 1, undone: 1, upgrade: 1, createdAt: 1 })
        .lean()) as TransactionDoc[];
      const sales: AccountSale[] = docs.map((tx) => ({
        id: String(tx._id),
        nonce: tx.nonce,
        method: tx.method,
        accountId: tx.accountId ?? null,
        total: tx.total,
        status: tx.status,
        undone: Boolean(tx.undone),
        topup: tx.upgrade ? { accountId: tx.upgrade.accountId, amount: tx.upgrade.amount, posted: tx.upgrade.posted ?? false } : null,
        createdAt: tx.createdAt.toISOString(),
      }));
      return ok({ sales });
    },
  );
}
