import { ApiResponse, ok, SalesJournalDay, SalesJournalQuery } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { transactionModel } from '../../models/transaction.model';
import type { CheckoutContext } from '../../sales/context';

interface LineGroup {
  _id: { categoryId: string | null; vatRate: number | null; price: number };
  amount: number;
}

/**
 * One Dutch day's completed, not undone sales summed for the accounting export (payments): revenue by category and
 * VAT rate, totals by checkout method, and the top-ups bought with them. Each sum is an equality `$match` on the
 * stored `day` and a `$group` with `$sum` (what FerretDB runs; it cannot multiply, so lines are grouped by price too
 * and multiplied here).
 */
export default function getSalesJournal(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/internal/sales/journal',
    { preHandler: app.requireInternal, schema: { hide: true, querystring: SalesJournalQuery, response: { 200: ApiResponse(SalesJournalDay) } } },
    async (request) => {
      const { day } = request.query;
      const Tx = transactionModel(ctx.db);
      const sold = { day, status: 'completed', undone: null };
      const [lines, byMethod, topups] = await Promise.all([
        Tx.aggregate<LineGroup>([
          { $match: sold },
          { $unwind: '$products' },
          { $group: { _id: { categoryId: '$products.categoryId', vatRate: '$products.vatRate', price: '$products.price' }, amount: { $sum: '$products.amount' } } },
        ]),
        Tx.aggregate<{ _id: string; total: number; count: number }>([{ $match: sold }, { $group: { _id: '$method', total: { $sum: '$total' }, count: { $sum: 1 } } }]),
        Tx.aggregate<{ _id: string; total: number }>([{ $match: { ...sold, 'upgrade.posted': true } }, { $group: { _id: '$method', total: { $sum: '$upgrade.amount' } } }]),
      ]);
      const revenue = new Map<string, { categoryId: string | null; vatRate: number | null; gross: number }>();
      for (const g of lines) {
        const categoryId = g._id.categoryId ?? null;
        const vatRate = g._id.vatRate ?? null;
        const key = `${categoryId}|${vatRate}`;
        const row = revenue.get(key) ?? { categoryId, vatRate, gross: 0 };
        row.gross += g._id.price * g.amount;
        revenue.set(key, row);
      }
      return ok({
        day,
        revenue: [...revenue.values()].filter((r) => r.gross !== 0).sort((a, b) => `${a.categoryId}|${a.vatRate}`.localeCompare(`${b.categoryId}|${b.vatRate}`)),
        byMethod: byMethod.map((m) => ({ method: m._id, total: m.total, count: m.count })).sort((a, b) => a.method.localeCompare(b.method)),
        topupsByMethod: topups.filter((t) => t.total !== 0).map((t) => ({ method: t._id, total: t.total })).sort((a, b) => a.method.localeCompare(b.method)),
      });
    },
  );
}
