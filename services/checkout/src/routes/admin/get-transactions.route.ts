import { AdminTransactionsQuery, ApiResponse, ok, Paged, TransactionView, type CheckoutMethod } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { transactionModel, type TransactionDoc } from '../../models/transaction.model';
import type { CheckoutContext } from '../../context';
import { transactionView } from '../../sales/views';

const newestFirst = (a: TransactionDoc, b: TransactionDoc) => b.createdAt.getTime() - a.createdAt.getTime() || String(b._id).localeCompare(String(a._id));

/**
 * GET /api/admin/transactions/: sales newest first, 15 a page, filtered by method, paying or topped-up account and
 * local day, or only the late ones (booked on the day they arrived, not the day made). Reads are equality filters (on
 * FerretDB the only kind an index serves), but for the late ones (`madeDay` set: few, a scan an admin asks for now [ferretdb:equality-index]
 * and then): a day, an account or the late sales are read whole and sorted here; the whole list walks the register
 * of sale days (sales/sale-days.ts, service-kit's DayRegister.page) to the days the page needs and reads only those
 * (measured at 100,000 sales when it was built: docs/decisions.md).
 */
export default function getTransactions(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/transactions/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Sales, newest first, filtered by method, account, day and lateness',
        querystring: AdminTransactionsQuery,
        response: { 200: ApiResponse(Paged(TransactionView)) },
      },
    },
    async (request) => {
      const { page, perPage, method, account, day, late } = request.query;
      const Tx = transactionModel(ctx.db);
      const skip = (page - 1) * perPage;
      const base: QueryFilter<TransactionDoc> = { ...(method ? { method } : {}), ...(day ? { day } : {}), ...(late ? { madeDay: { $ne: null } } : {}) };
      let total: number;
      let docs: TransactionDoc[];
      if (account || day || late) {
        // An account's or a day's sales, or the late ones, are few: read them whole (two equality reads for an account)
        // and page here.
        const reads = account ? [Tx.find({ ...base, accountId: account }).lean(), Tx.find({ ...base, upgradeAccountId: account }).lean()] : [Tx.find(base).lean()];
        const byId = new Map<string, TransactionDoc>();
        for (const found of await Promise.all(reads)) for (const doc of found as TransactionDoc[]) byId.set(String(doc._id), doc);
        const all = [...byId.values()].sort(newestFirst);
        total = all.length;
        docs = all.slice(skip, skip + perPage);
      } else {
        ({ items: docs, total } = await ctx.saleDays.page((method as CheckoutMethod | undefined) ?? null, page, perPage, async (d) =>
          ((await Tx.find({ ...base, day: d }).lean()) as TransactionDoc[]).sort(newestFirst),
        ));
      }
      return ok({ items: docs.map(transactionView), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
