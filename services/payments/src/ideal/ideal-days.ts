import { IdealPaymentStatus } from '@kassa/contracts';
import { addDays, isDuplicateKey, localDay, runOnce } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { idealDayModel } from './models/ideal-day.model';
import { idealPaymentModel } from './models/ideal-payment.model';

export type IdealDayCounts = Record<'all' | IdealPaymentStatus, number>;
export const IDEAL_TIME_ZONE = 'Europe/Amsterdam';

const emptyCounts = (): IdealDayCounts => ({ all: 0, ...Object.fromEntries(IdealPaymentStatus.options.map((s) => [s, 0])) }) as IdealDayCounts;

/** A payment of `day` changed status: its day is counted again (by the list until the upkeep has stored it). */
export async function idealDayChanged(db: Connection, day: string | null | undefined): Promise<void> {
  if (day) await idealDayModel(db).updateOne({ day }, { $set: { counts: null } });
}

/**
 * The register of days with online top-ups and the counts of closed days (ideal/models/ideal-day.model.ts), as checkout
 * keeps one for sales. A payment's day is noted before the payment is stored; a status change makes its day count
 * again (`changed`). Counting closed days runs in the background (at start and every ten minutes).
 */
export class IdealDays {
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Connection,
    private readonly now: () => Date = () => new Date(),
  ) {}

  dayOf(at: Date): string {
    return localDay(at, IDEAL_TIME_ZONE);
  }

  /** Days before this one are closed: new payments no longer arrive for them. */
  private firstOpenDay(): string {
    return addDays(this.dayOf(this.now()), -1);
  }

  /** Registers the day of a payment about to be stored (once per day and process). */
  async note(day: string): Promise<void> {
    if (this.known.has(day)) return;
    try {
      await idealDayModel(this.db).collection.insertOne({ day, counts: null });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    this.known.add(day);
  }

  /** A payment of `day` changed status: its day's counts are counted again. */
  changed(day: string | null | undefined): Promise<void> {
    return idealDayChanged(this.db, day);
  }

  /** A day's payments by status, from one equality read of the day. */
  private async countDay(day: string): Promise<IdealDayCounts> {
    const counts = emptyCounts();
    for (const p of await idealPaymentModel(this.db).find({ day }, { status: 1 }).lean()) {
      counts.all += 1;
      counts[p.status as IdealPaymentStatus] += 1;
    }
    return counts;
  }

  /** The days with payments, newest first, with their count of `status` (all statuses when null). */
  async daysWithCounts(status: IdealPaymentStatus | null): Promise<{ day: string; count: number }[]> {
    const rows = await idealDayModel(this.db).find({}, { day: 1, counts: 1 }).lean();
    const open = this.firstOpenDay();
    const key = status ?? 'all';
    const out: { day: string; count: number }[] = [];
    const live: string[] = [];
    for (const r of rows) {
      const stored = r.counts as IdealDayCounts | null;
      if (stored && r.day < open) out.push({ day: r.day, count: stored[key] ?? 0 });
      else live.push(r.day);
    }
    // Days without stored counts are counted here, a few at a time (hundreds at once would swamp the database).
    for (let i = 0; i < live.length; i += 8) {
      const batch = live.slice(i, i + 8);
      const counted = await Promise.all(batch.map((day) => this.countDay(day)));
      batch.forEach((day, j) => out.push({ day, count: counted[j]![key] }));
    }
    return out.filter((d) => d.count > 0).sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  }

  /** Counts every closed day that has no counts (yet, or since a status changed) and stores them. */
  async countClosedDays(): Promise<number> {
    const open = this.firstOpenDay();
    const missing = (await idealDayModel(this.db).find({ counts: null }, { day: 1 }).lean()).map((r) => r.day).filter((d) => d < open);
    for (const day of missing) await idealDayModel(this.db).updateOne({ day }, { $set: { counts: await this.countDay(day) } });
    return missing.length;
  }

  /** Once per database: the day of every payment made before this register existed. */
  async migrate(): Promise<void> {
    await runOnce(this.db, 'ideal-days', this.now(), async () => {
      const Payment = idealPaymentModel(this.db);
      const days = new Set<string>();
      for await (const p of Payment.find({ day: null }, { createdAt: 1 }).lean().cursor()) {
        const day = this.dayOf(p.createdAt as Date);
        days.add(day);
        await Payment.updateOne({ _id: p._id }, { $set: { day } });
      }
      for (const day of days) {
        await this.note(day);
        await this.changed(day);
      }
    });
  }
}
