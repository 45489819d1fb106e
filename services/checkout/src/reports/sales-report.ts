import { CheckoutMethod, InternalCategories, type DayReport, type DayReportQuery } from '@kassa/contracts';
import { addDays, groupSumCount } from '@kassa/service-kit';
import { Types, type Model } from 'mongoose';
import { transactionModel } from '../models/transaction.model';
import type { CheckoutContext } from '../context';

/**
 * Which sales a report covers: those booked on the local days `from` to `to`, or (with `shiftId`) those that joined one
 * shift, `from` and `to` then the days it spans (the rest of the report unchanged).
 */
export type ReportFilter = { from: string; to: string; shiftId?: string };

/** The filter of a day report's query: one day, or a range. */
export const reportFilter = (q: DayReportQuery): ReportFilter => (q.day ? { from: q.day, to: q.day } : { from: q.from!, to: q.to! });

/** The local days from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * The `$match` of a filter's sales: equality on the indexed `day` for one day, `$in` over the days of a range (MongoDB
 * reads both from the index; FerretDB pushes only equality down). [ferretdb:equality-index]
 */
export function filterMatch(filter: ReportFilter): Record<string, unknown> {
  if (filter.shiftId) return { shiftId: new Types.ObjectId(filter.shiftId) };
  const days = daysOf(filter.from, filter.to);
  return { day: days.length === 1 ? days[0] : { $in: days } };
}

/** Completed sales of a filter, and those of them that stand (not undone). */
export function saleMatches(filter: ReportFilter) {
  const completed = { ...filterMatch(filter), status: 'completed' };
  return { completed, kept: { ...completed, undone: null } };
}

/** Sales grouped by what the report tells apart: method, reason, undone or not, top-up credited or not. */
interface SaleGroup {
  method: CheckoutMethod;
  reason: string | null;
  undone: boolean;
  topup: boolean;
  count: number;
  total: number;
  topups: number;
}

/**
 * One pass per figure over a filter's completed sales (the sales' count, their totals, their top-ups), grouped by
 * method, reason, who undid them (none: not undone) and whether a top-up was credited: three `$group`s of one
 * accumulator each (FerretDB answers 0 for any second one) instead of one per row of the report. [ferretdb:aggregation]
 */
async function saleGroups(Tx: Model<never>, match: Record<string, unknown>): Promise<SaleGroup[]> {
  const by = { method: '$method', reason: '$reason', undoneBy: '$undone.by', topup: '$upgrade.posted' };
  type Id = { method: CheckoutMethod; reason?: string | null; undoneBy?: string | null; topup?: boolean | null };
  const [totals, topups] = await Promise.all([groupSumCount<Id>(Tx, match, by, '$total'), Tx.aggregate<{ _id: Id; topups: number }>([{ $match: match }, { $group: { _id: by, topups: { $sum: '$upgrade.amount' } } }])]);
  const key = (id: Id) => JSON.stringify([id.method, id.reason ?? null, id.undoneBy ?? null, id.topup ?? null]);
  const topupOf = new Map(topups.map((t) => [key(t._id), t.topups]));
  return totals.map(({ id, count, total }) => ({
    method: id.method,
    reason: id.reason ?? null,
    undone: id.undoneBy != null,
    topup: id.topup === true,
    count,
    total,
    topups: id.topup === true ? (topupOf.get(key(id)) ?? 0) : 0,
  }));
}

export const salesModel = (ctx: CheckoutContext) => transactionModel(ctx.db) as unknown as Model<never>;

interface LineGroup {
  _id: { productId: string; name: string; categoryId?: string | null; vatRate?: number | null; price: number; deposit?: number | null };
  amount: number;
}

/**
 * Products sold by product, name, category, VAT rate, price and deposit: `$unwind` and `$group` with one `$sum`;
 * FerretDB cannot multiply, so revenue (price times units) is worked out here. [ferretdb:aggregation]
 */
export const productLines = (Tx: Model<never>, match: Record<string, unknown>) =>
  Tx.aggregate<LineGroup>([
    { $match: match },
    { $unwind: '$products' },
    {
      $group: {
        _id: { productId: '$products.productId', name: '$products.name', categoryId: '$products.categoryId', vatRate: '$products.vatRate', price: '$products.price', deposit: '$products.deposit' },
        amount: { $sum: '$products.amount' },
      },
    },
  ]);

const byTotal = <T extends { total: number }>(a: T, b: T) => b.total - a.total;
const sum = <T>(rows: T[], of: (r: T) => number) => rows.reduce((s, r) => s + of(r), 0);
/** Every checkout method's count and sum of `of` over the groups. */
const methodRows = (groups: SaleGroup[], of: (g: SaleGroup) => number, count: (g: SaleGroup) => number = (g) => g.count) =>
  CheckoutMethod.options.map((method) => {
    const mine = groups.filter((g) => g.method === method);
    return { method, count: sum(mine, count), total: sum(mine, of) };
  });

/** Category names from the catalog; a report still answers (with the ids) when the catalog does not. */
async function categoryNames(ctx: CheckoutContext): Promise<Map<string, string>> {
  try {
    const { categories } = await ctx.catalog('/internal/categories', InternalCategories, { repeatable: true });
    return new Map(categories.map((c) => [c.id, c.name]));
  } catch (err) {
    ctx.log.warn({ err }, 'report: category names unavailable');
    return new Map();
  }
}

/**
 * The report of the sales matching a filter, all in integer cents: takings by checkout method and "other" by reason,
 * top-ups by method, the undone sales (not in the takings), deposits charged and paid back, products and categories
 * with their VAT rate, and the totals. Every figure is a `$match` on the stored day and a `$group` on the server.
 */
export async function salesReport(ctx: CheckoutContext, filter: ReportFilter): Promise<DayReport> {
  const Tx = salesModel(ctx);
  const { completed, kept } = saleMatches(filter);
  const [groups, lines, returns, names] = await Promise.all([
    saleGroups(Tx, completed),
    productLines(Tx, kept),
    Tx.aggregate<{ _id: number | null; amount: number }>([
      { $match: { ...kept, 'returns.0': { $exists: true } } },
      { $unwind: '$returns' },
      { $group: { _id: '$returns.deposit', amount: { $sum: '$returns.amount' } } },
    ]),
    categoryNames(ctx),
  ]);
  const standing = groups.filter((g) => !g.undone);
  const undone = groups.filter((g) => g.undone);

  const products = new Map<string, DayReport['products'][number]>();
  const categories = new Map<string, DayReport['categories'][number]>();
  const deposits = { soldUnits: 0, sold: 0, returnedUnits: 0, returned: 0 };
  for (const { _id: g, amount } of lines) {
    const categoryId = g.categoryId ?? null;
    const vatRate = g.vatRate ?? null;
    const revenue = g.price * amount;
    const pKey = `${g.productId}|${vatRate}`;
    const p = products.get(pKey) ?? { productId: g.productId, name: g.name, categoryId, vatRate, amount: 0, revenue: 0 };
    p.amount += amount;
    p.revenue += revenue;
    products.set(pKey, p);
    const cKey = `${categoryId}|${vatRate}`;
    const c = categories.get(cKey) ?? { categoryId, name: (categoryId && names.get(categoryId)) || 'Zonder categorie', vatRate, amount: 0, revenue: 0 };
    c.amount += amount;
    c.revenue += revenue;
    categories.set(cKey, c);
    if (g.deposit) {
      deposits.soldUnits += amount;
      deposits.sold += g.deposit * amount;
    }
  }
  for (const r of returns) {
    if (!r._id) continue;
    deposits.returnedUnits += r.amount;
    deposits.returned += r._id * r.amount;
  }

  const takingRows = methodRows(standing, (g) => g.total);
  const topupRows = methodRows(standing, (g) => g.topups, (g) => (g.topup ? g.count : 0)).filter((r) => r.count > 0);
  const reasons = new Map<string, DayReport['otherByReason'][number]>();
  for (const g of standing.filter((x) => x.method === 'other')) {
    const r = reasons.get(g.reason ?? '') ?? { reason: g.reason ?? '', count: 0, total: 0 };
    r.count += g.count;
    r.total += g.total;
    reasons.set(r.reason, r);
  }
  const totals = {
    sales: sum(takingRows, (r) => r.count),
    takings: sum(takingRows, (r) => r.total),
    topups: sum(topupRows, (r) => r.total),
    received: 0,
    revenue: sum([...products.values()], (p) => p.revenue),
  };
  totals.received = totals.takings + totals.topups;
  const undoRows = methodRows(undone, (g) => g.total);
  return {
    from: filter.from,
    to: filter.to,
    takings: takingRows,
    otherByReason: [...reasons.values()].sort(byTotal),
    topups: topupRows,
    undos: { count: sum(undoRows, (r) => r.count), total: sum(undoRows, (r) => r.total), topups: sum(undone, (g) => g.topups), byMethod: undoRows.filter((r) => r.count > 0) },
    deposits,
    products: [...products.values()].sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name)),
    categories: [...categories.values()].sort((a, b) => a.name.localeCompare(b.name) || (a.vatRate ?? -1) - (b.vatRate ?? -1)),
    totals,
  };
}
