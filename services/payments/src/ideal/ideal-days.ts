import { IdealPaymentStatus } from '@kassa/contracts';
import { DayRegister, emptyDayCounts, runOnce, type DayCounts } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { idealPaymentModel } from './models/ideal-payment.model';

export type IdealDayCounts = DayCounts<IdealPaymentStatus>;
export const IDEAL_TIME_ZONE = 'Europe/Amsterdam';

/**
 * The register of days with online top-ups and the counts of closed days per status (service-kit's DayRegister, the
 * model IdealDay), as checkout keeps one for sales: the treasurer's list pages through it. A payment's day is noted
 * before the payment is stored; a status change makes its day count again (`changed`).
 */
export class IdealDays extends DayRegister<IdealPaymentStatus> {
  constructor(db: Connection, now: () => Date = () => new Date()) {
    super({
      db,
      model: 'IdealDay',
      keys: IdealPaymentStatus.options,
      now,
      timeZone: IDEAL_TIME_ZONE,
      // One equality read of the day.
      countDay: async (day) => {
        const counts = emptyDayCounts(IdealPaymentStatus.options);
        for (const p of await idealPaymentModel(db).find({ day }, { status: 1 }).lean()) {
          counts.all += 1;
          counts[p.status as IdealPaymentStatus] += 1;
        }
        return counts;
      },
    });
  }

  /** Once per database: the day of every payment made before this register existed. */
  async migrate(): Promise<void> {
    await runOnce(this.opts.db, 'ideal-days', this.opts.now(), async () => {
      const Payment = idealPaymentModel(this.opts.db);
      const days = new Set<string>();
      for await (const p of Payment.find({ day: null }, { createdAt: 1 }).lean().cursor()) {
        const day = this.dayOf(p.createdAt as Date);
        days.add(day);
        await Payment.updateOne({ _id: p._id }, { $set: { day } });
      }
      await this.noteAll(days);
      for (const day of days) await this.changed(day);
    });
  }
}
