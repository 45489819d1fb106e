import { CheckoutMethod } from '@kassa/contracts';
import { DayRegister, emptyDayCounts, runOnce, type DayCounts } from '@kassa/service-kit';
import type { Connection, QueryFilter } from 'mongoose';
import { transactionModel, type TransactionDoc } from '../models/transaction.model';

export type SaleDayCounts = DayCounts<CheckoutMethod>;

/**
 * The register of days with sales and the counts of closed days per checkout method (service-kit's DayRegister, the
 * model SaleDay): the admin list of sales pages through it, newest first. Checkout notes a sale's day before it stores
 * the sale.
 */
export class SaleDays extends DayRegister<CheckoutMethod> {
  constructor(db: Connection, now: () => Date, timeZone: string) {
    const Tx = () => transactionModel(db);
    // Equality filters: index reads.
    const countDay = async (day: string): Promise<SaleDayCounts> => {
      const [all, ...perMethod] = await Promise.all([Tx().countDocuments({ day }), ...CheckoutMethod.options.map((method) => Tx().countDocuments({ day, method }))]);
      return { all: all!, ...Object.fromEntries(CheckoutMethod.options.map((m, i) => [m, perMethod[i]!])) } as SaleDayCounts;
    };
    super({
      db,
      model: 'SaleDay',
      keys: CheckoutMethod.options,
      now,
      timeZone,
      countDay,
      countOne: (day, method) => Tx().countDocuments({ day, ...(method ? { method } : {}) } as QueryFilter<TransactionDoc>),
      // With many days to count (a register built from old sales) one pass over the sales is cheaper than a count per
      // day and method.
      countDays: async (days) => {
        const counts = new Map<string, SaleDayCounts>();
        if (days.length <= 7) {
          for (const day of days) counts.set(day, await countDay(day));
          return counts;
        }
        for (const day of days) counts.set(day, emptyDayCounts(CheckoutMethod.options));
        for await (const sale of Tx().find({}, { day: 1, method: 1 }).lean().cursor()) {
          const c = counts.get(sale.day);
          if (!c) continue;
          c.all += 1;
          c[sale.method as CheckoutMethod] += 1;
        }
        return counts;
      },
    });
  }

  /**
   * Once per database: the days of sales stored before this register existed, and `upgradeAccountId` on sales with
   * a top-up (the account filter's equality field). Both read every sale once; run in the background at start.
   */
  async migrate(): Promise<void> {
    await runOnce(this.opts.db, 'sale-days-and-upgrade-account', this.opts.now(), async () => {
      const Tx = transactionModel(this.opts.db);
      const days = new Set<string>();
      for await (const sale of Tx.find({}, { day: 1, upgrade: 1, upgradeAccountId: 1 }).lean().cursor()) {
        days.add(sale.day);
        if (sale.upgrade?.accountId && !sale.upgradeAccountId) await Tx.updateOne({ _id: sale._id }, { $set: { upgradeAccountId: sale.upgrade.accountId } });
      }
      await this.noteAll(days);
    });
  }
}
