import { ApiResponse, ok, SalesJournalDay, SalesJournalQuery } from '@kassa/contracts';
import { groupSumCount, type ServiceApp } from '@kassa/service-kit';
import type { Model } from 'mongoose';
import { transactionModel } from '../../models/transaction.model';
import type { CheckoutContext } from '../../context';

interface LineGroup {
  _id: { categoryId?: string | null; vatRate?: number | null; price: number };
  amount: number;
}
/** Units by deposit amount (of the products sold, or of the packaging returned). */
interface DepositGroup {
  _id: number | null;
  amount: number;
}
interface Sums {
  lines: LineGroup[];
  depositsCharged: DepositGroup[];
  depositsReturned: DepositGroup[];
  byMethod: { _id: string; total: number; count: number }[];
  topups: { _id: string; total: number }[];
}

/** The sums of a set of sales: `$match` and `$group` with one `$sum` or `$count` each (what FerretDB runs right). [ferretdb:aggregation] */
async function sums(Tx: Model<never>, match: Record<string, unknown>): Promise<Sums> {
  const [lines, byMethod, topups, depositsCharged, depositsReturned] = await Promise.all([
    Tx.aggregate<LineGroup>([
      { $match: match },
      { $unwind: '$products' },
      { $group: { _id: { categoryId: '$products.categoryId', vatRate: '$products.vatRate', price: '$products.price' }, amount: { $sum: '$products.amount' } } },
    ]),
    groupSumCount<string>(Tx, match, '$method', '$total').then((rows) => rows.map((r) => ({ _id: r.id, total: r.total, count: r.count }))),
    Tx.aggregate<{ _id: string; total: number }>([{ $match: { ...match, 'upgrade.posted': true } }, { $group: { _id: '$method', total: { $sum: '$upgrade.amount' } } }]),
    Tx.aggregate<DepositGroup>([{ $match: match }, { $unwind: '$products' }, { $group: { _id: '$products.deposit', amount: { $sum: '$products.amount' } } }]),
    Tx.aggregate<DepositGroup>([{ $match: { ...match, 'returns.0': { $exists: true } } }, { $unwind: '$returns' }, { $group: { _id: '$returns.deposit', amount: { $sum: '$returns.amount' } } }]),
  ]);
  return { lines, byMethod, topups, depositsCharged, depositsReturned };
}

/**
 * One Dutch day's sales summed for the accounting export (payments): revenue by category and VAT rate, totals by
 * checkout method, the top-ups bought with them, and the deposits charged and paid back (docs/decisions.md "Deposits
 * as money"). A sale counts on the day it was booked (`day`) and, once undone,
 * counts back on the day it was undone (`undone.day`), so a day's entry never changes after the day (an undo of
 * yesterday's sale is today's refund). Sales undone before undos kept their day are left out of their day, as before.
 * FerretDB cannot multiply, so lines are grouped by price too and multiplied here. [ferretdb:aggregation]
 */
export default function getSalesJournal(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/internal/sales/journal',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: SalesJournalQuery, response: { 200: ApiResponse(SalesJournalDay) } } },
    async (request) => {
      const { day } = request.query;
      const Tx = transactionModel(ctx.db) as unknown as Model<never>;
      const [made, undoneBefore, undone] = await Promise.all([
        sums(Tx, { day, status: 'completed' }),
        sums(Tx, { day, status: 'completed', 'undone.at': { $exists: true }, 'undone.day': null }),
        sums(Tx, { 'undone.day': day, status: 'completed' }),
      ]);
      const revenue = new Map<string, { categoryId: string | null; vatRate: number | null; gross: number }>();
      const addLines = (lines: LineGroup[], sign: number) => {
        for (const g of lines) {
          const categoryId = g._id.categoryId ?? null;
          const vatRate = g._id.vatRate ?? null;
          const key = `${categoryId}|${vatRate}`;
          const row = revenue.get(key) ?? { categoryId, vatRate, gross: 0 };
          row.gross += sign * g._id.price * g.amount;
          revenue.set(key, row);
        }
      };
      addLines(made.lines, 1);
      addLines(undoneBefore.lines, -1);
      addLines(undone.lines, -1);
      const byMethod = new Map<string, { method: string; total: number; count: number }>();
      for (const [rows, sign] of [
        [made.byMethod, 1],
        [undoneBefore.byMethod, -1],
      ] as const) {
        for (const m of rows) {
          const row = byMethod.get(m._id) ?? { method: m._id, total: 0, count: 0 };
          row.total += sign * m.total;
          row.count += sign * m.count;
          byMethod.set(m._id, row);
        }
      }
      const topups = new Map<string, number>();
      for (const [rows, sign] of [
        [made.topups, 1],
        [undoneBefore.topups, -1],
        [undone.topups, -1],
      ] as const) {
        for (const t of rows) topups.set(t._id, (topups.get(t._id) ?? 0) + sign * t.total);
      }
      // Deposits count like revenue: on the day of the sale, back on the day it was undone.
      const deposits = { charged: 0, chargedUnits: 0, returned: 0, returnedUnits: 0 };
      for (const [sums, sign] of [
        [made, 1],
        [undoneBefore, -1],
        [undone, -1],
      ] as const) {
        for (const g of sums.depositsCharged) {
          if (!g._id) continue;
          deposits.charged += sign * g._id * g.amount;
          deposits.chargedUnits += sign * g.amount;
        }
        for (const g of sums.depositsReturned) {
          if (!g._id) continue;
          deposits.returned += sign * g._id * g.amount;
          deposits.returnedUnits += sign * g.amount;
        }
      }
      const byName = <T extends { method: string }>(a: T, b: T) => a.method.localeCompare(b.method);
      return ok({
        day,
        revenue: [...revenue.values()].filter((r) => r.gross !== 0).sort((a, b) => `${a.categoryId}|${a.vatRate}`.localeCompare(`${b.categoryId}|${b.vatRate}`)),
        byMethod: [...byMethod.values()].filter((m) => m.count !== 0 || m.total !== 0).sort(byName),
        undoneByMethod: undone.byMethod.map((m) => ({ method: m._id, total: m.total, count: m.count })).sort(byName),
        deposits,
        topupsByMethod: [...topups].filter(([, total]) => total !== 0).map(([method, total]) => ({ method, total })).sort(byName),
      });
    },
  );
}
