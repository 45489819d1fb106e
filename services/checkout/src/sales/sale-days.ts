import { CheckoutMethod } from '@kassa/contracts';
import { addDays, isDuplicateKey, localDay, runOnce } from '@kassa/service-kit';
import type { Connection, QueryFilter } from 'mongoose';
import { saleDayModel } from '../models/sale-day.model';
import { transactionModel, type TransactionDoc } from '../models/transaction.model';

export type DayCounts = Record<'all' | CheckoutMethod, number>;

/**
 * The register of days with sales and the counts of closed days (models/sale-day.model.ts). Checkout notes a sale's
 * day before it stores the sale; a day is closed once it is before yesterday (a sale for a closed day, such as an
 * offline sale sent late, makes that day count again). Counting closed days runs in the background.
 */
export class SaleDays {
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Connection,
    private readonly now: () => Date,
    private readonly timeZone: string,
  ) {}

  private today(): string {
    return localDay(this.now(), this.timeZone);
  }

  /** Days before this one are closed: their sales no longer change in number. */
  private firstOpenDay(): string {
    return addDays(this.today(), -1);
  }

  /** Registers the day of a sale about to be stored (once per day and process). */
  async note(day: string): Promise<void> {
    if (this.known.has(day)) return;
    try {
      await saleDayModel(this.db).collection.insertOne({ day, counts: null });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // Known already; a sale arriving for a closed day makes its counts stale.
      if (day < this.firstOpenDay()) await saleDayModel(this.db).updateOne({ day }, { $set: { counts: null } });
    }
    if (day >= this.firstOpenDay()) this.known.add(day);
  }

  /** Sales of a day, by checkout method, counted from the sales themselves (equality filters: index reads). */
  private async countDay(day: string): Promise<DayCounts> {
    const Tx = transactionModel(this.db);
    const [all, ...perMethod] = await Promise.all([Tx.countDocuments({ day }), ...CheckoutMethod.options.map((method) => Tx.countDocuments({ day, method }))]);
    return { all: all!, ...Object.fromEntries(CheckoutMethod.options.map((m, i) => [m, perMethod[i]!])) } as DayCounts;
  }

  /** The days with sales, newest first, with their count for `method` (all methods when null). */
  async daysWithCounts(method: CheckoutMethod | null): Promise<{ day: string; count: number }[]> {
    const rows = await saleDayModel(this.db).find({}, { day: 1, counts: 1 }).lean();
    const open = this.firstOpenDay();
    const key = method ?? 'all';
    const out: { day: string; count: number }[] = [];
    const live: string[] = [];
    for (const r of rows) {
      const stored = r.counts as DayCounts | null;
      if (stored && r.day < open) out.push({ day: r.day, count: stored[key] ?? 0 });
      else live.push(r.day);
    }
    // Days without stored counts are counted here, a few at a time (hundreds at once would swamp the database).
    for (let i = 0; i < live.length; i += 8) {
      const batch = live.slice(i, i + 8);
      const counted = await Promise.all(batch.map((day) => transactionModel(this.db).countDocuments({ day, ...(method ? { method } : {}) } as QueryFilter<TransactionDoc>)));
      batch.forEach((day, j) => out.push({ day, count: counted[j]! }));
    }
    return out.filter((d) => d.count > 0).sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  }

  /**
   * Counts every closed day that has no counts yet and stores them. With many days to count (a register built from
   * old sales) one pass over the sales is cheaper than a count per day and method.
   */
  async countClosedDays(): Promise<number> {
    const open = this.firstOpenDay();
    const missing = (await saleDayModel(this.db).find({ counts: null }, { day: 1 }).lean()).map((r) => r.day).filter((d) => d < open);
    if (missing.length === 0) return 0;
    let counts: Map<string, DayCounts>;
    if (missing.length > 7) {
      counts = new Map();
      const wanted = new Set(missing);
      for await (const sale of transactionModel(this.db).find({}, { day: 1, method: 1 }).lean().cursor()) {
        if (!wanted.has(sale.day)) continue;
        const c = counts.get(sale.day) ?? ({ all: 0, ...Object.fromEntries(CheckoutMethod.options.map((m) => [m, 0])) } as DayCounts);
        c.all += 1;
        c[sale.method as CheckoutMethod] += 1;
        counts.set(sale.day, c);
      }
      for (const day of missing) if (!counts.has(day)) counts.set(day, { all: 0, ...Object.fromEntries(CheckoutMethod.options.map((m) => [m, 0])) } as DayCounts);
    } else {
      counts = new Map(await Promise.all(missing.map(async (day) => [day, await this.countDay(day)] as const)));
    }
    for (const [day, c] of counts) await saleDayModel(this.db).updateOne({ day }, { $set: { counts: c } });
    return counts.size;
  }

  /**
   * Once per database: the days of sales stored before this register existed, and `upgradeAccountId` on sales with
   * a top-up (the account filter's equality field). Both read every sale once; run in the background at start.
   */
  async migrate(): Promise<void> {
    await runOnce(this.db, 'sale-days-and-upgrade-account', this.now(), async () => {
      const Tx = transactionModel(this.db);
      const days = new Set<string>();
      for await (const sale of Tx.find({}, { day: 1, upgrade: 1, upgradeAccountId: 1 }).lean().cursor()) {
        days.add(sale.day);
        if (sale.upgrade?.accountId && !sale.upgradeAccountId) await Tx.updateOne({ _id: sale._id }, { $set: { upgradeAccountId: sale.upgrade.accountId } });
      }
      for (const day of days) {
        try {
          await saleDayModel(this.db).collection.insertOne({ day, counts: null });
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
    });
  }
}
