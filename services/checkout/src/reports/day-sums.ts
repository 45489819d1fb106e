import { CheckoutMethod } from '@kassa/contracts';
import { isDuplicateKey, localDay } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type { CheckoutContext } from '../context';
import { transactionModel } from '../models/transaction.model';

/** What the treasurer's overview needs of one day's standing sales. */
export interface DaySums {
  /** Standing sales of the day. */
  count: number;
  methods: Record<CheckoutMethod, number>;
  products: { productId: string; name: string; price: number; amount: number }[];
  hours: { hour: number; count: number; total: number }[];
}

interface CachedDay {
  _id: string;
  /** The day's mark when it was summed (null: none yet); a different mark now means a sale of the day changed since. */
  gen: string | null;
  sums: DaySums;
}

/** Summed closed days, by day (`_id`). */
export const REPORT_DAYS = 'report_days';
/** A mark per day, made anew whenever a sale of that day changes after the day has ended. */
export const REPORT_DAY_MARKS = 'report_day_marks';

/**
 * The overview of a year reads many days: on FerretDB anything but an equality `$match` scans the whole sales collection
 * (a year of 200,000 sales: seconds per aggregation), so each closed day is summed once from its own sales (equality on
 * the indexed `day`) and kept. [ferretdb:equality-index] A sale of a closed day that changes (an admin undo, a sale
 * finished late: a card, an offline replay, a stranded one) gives its day a new mark, and a kept sum with another mark
 * is summed again: a mark made while a sum is worked out also makes it stale, so a sum is never kept wrong for long.
 * Today is always summed live.
 */
export async function daySums(ctx: Pick<CheckoutContext, 'db' | 'now' | 'env'>, days: string[]): Promise<Map<string, DaySums>> {
  const today = localDay(ctx.now(), ctx.env.TIME_ZONE);
  const closed = days.filter((d) => d < today);
  const result = new Map<string, DaySums>();
  if (closed.length > 0) {
    const range = { _id: { $gte: closed[0]!, $lte: closed.at(-1)! } };
    const [marks, kept] = await Promise.all([
      ctx.db.collection<{ _id: string; gen: string }>(REPORT_DAY_MARKS).find(range).toArray(),
      ctx.db.collection<CachedDay>(REPORT_DAYS).find(range).toArray(),
    ]);
    const markOf = new Map(marks.map((m) => [m._id, m.gen]));
    const keptOf = new Map(kept.map((k) => [k._id, k]));
    const stale = closed.filter((day) => {
      const k = keptOf.get(day);
      if (k && k.gen === (markOf.get(day) ?? null)) {
        result.set(day, k.sums);
        return false;
      }
      return true;
    });
    // A few days at a time: each is one indexed read of that day's sales.
    for (let i = 0; i < stale.length; i += 4) {
      await Promise.all(
        stale.slice(i, i + 4).map(async (day) => {
          const sums = await sumDay(ctx.db, day);
          result.set(day, sums);
          const doc: CachedDay = { _id: day, gen: markOf.get(day) ?? null, sums };
          await ctx.db.collection<CachedDay>(REPORT_DAYS).replaceOne({ _id: day }, doc, { upsert: true }).catch((err: unknown) => {
            if (!isDuplicateKey(err)) throw err; // summed at the same moment by another request: theirs is as good
          });
        }),
      );
    }
  }
  if (days.includes(today)) result.set(today, await sumDay(ctx.db, today));
  return result;
}

/** One day's standing sales summed: one read of the day's sales (equality on `day`), added up here. */
async function sumDay(db: Connection, day: string): Promise<DaySums> {
  type Sold = { method: string; total: number; hour?: number | null; products?: { productId: string; name: string; price: number; amount: number }[] };
  const sales = (await transactionModel(db)
    .find({ day, status: 'completed', undone: null }, { method: 1, total: 1, hour: 1, 'products.productId': 1, 'products.name': 1, 'products.price': 1, 'products.amount': 1 })
    .lean()) as Sold[];
  const methods = Object.fromEntries(CheckoutMethod.options.map((m) => [m, 0])) as Record<CheckoutMethod, number>;
  const products = new Map<string, DaySums['products'][number]>();
  const hours = new Map<number, DaySums['hours'][number]>();
  for (const s of sales) {
    methods[s.method as CheckoutMethod] += s.total;
    if (typeof s.hour === 'number') {
      const h = hours.get(s.hour) ?? { hour: s.hour, count: 0, total: 0 };
      h.count += 1;
      h.total += s.total;
      hours.set(s.hour, h);
    }
    for (const p of s.products ?? []) {
      const key = `${String(p.productId)}|${p.name}|${p.price}`;
      const row = products.get(key) ?? { productId: String(p.productId), name: p.name, price: p.price, amount: 0 };
      row.amount += p.amount;
      products.set(key, row);
    }
  }
  return { count: sales.length, methods, products: [...products.values()], hours: [...hours.values()] };
}

/**
 * A sale of `day` changed: when the day has ended, its kept sum is stale from now on (a new mark). Best effort for the
 * caller (the sale stands whatever happens here); a lost mark is logged.
 */
export async function markReportDay(ctx: Pick<CheckoutContext, 'db' | 'now' | 'env' | 'log'>, day: string | null | undefined): Promise<void> {
  if (!day || day >= localDay(ctx.now(), ctx.env.TIME_ZONE)) return;
  const marks = ctx.db.collection<{ _id: string; gen: string }>(REPORT_DAY_MARKS);
  try {
    await marks.replaceOne({ _id: day }, { gen: randomUUID() }, { upsert: true });
  } catch (err) {
    if (!isDuplicateKey(err)) return void ctx.log.warn({ err, day }, 'report day mark failed');
    // Two marks at once on a new day: the other inserted it; mark again over it.
    await marks.replaceOne({ _id: day }, { gen: randomUUID() }).catch((e: unknown) => ctx.log.warn({ err: e, day }, 'report day mark failed'));
  }
}
