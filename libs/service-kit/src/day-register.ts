import { Schema, type Connection, type Model } from 'mongoose';
import { addDays, localDay } from './days';
import { isDuplicateKey } from './mongo';

/** A day's items counted in total (`all`) and per key (a checkout method, a payment status). */
export type DayCounts<K extends string> = Record<'all' | K, number>;

/** Zero of everything: the counts of a day before its items are counted. */
export const emptyDayCounts = <K extends string>(keys: readonly K[]): DayCounts<K> => ({ all: 0, ...Object.fromEntries(keys.map((k) => [k, 0])) }) as DayCounts<K>;

interface DayRow {
  day: string;
  /** The day's counts, or null while not counted (today, yesterday, not yet, or changed since). */
  counts: Record<string, number> | null;
}

const dayRegisterSchema = new Schema<DayRow>({ day: { type: String, required: true }, counts: { type: Schema.Types.Mixed, default: null } }, { versionKey: false });
dayRegisterSchema.index({ day: 1 }, { unique: true });

/**
 * A register's collection: every local day with items, and for a closed day its counts. A list that pages "newest
 * first" walks these rows and reads only the days a page needs: on FerretDB only equality filters use an index, so a
 * range or a sort over 100,000 items would read them all. On MongoDB a range on the timestamp would do. [ferretdb:equality-index]
 */
export const dayRegisterModel = (db: Connection, name: string): Model<DayRow> => db.model<DayRow>(name, dayRegisterSchema);

export interface DayRegisterOptions<K extends string> {
  db: Connection;
  /** The model's name (dayRegisterModel), e.g. SaleDay. */
  model: string;
  keys: readonly K[];
  now: () => Date;
  timeZone: string;
  /** A day's items counted, in total and per key. */
  countDay: (day: string) => Promise<DayCounts<K>>;
  /** One key's count of a day not counted yet (all keys when null); by default from countDay. */
  countOne?: (day: string, key: K | null) => Promise<number>;
  /** Many closed days counted at once (a register built from old items); by default countDay for each. */
  countDays?: (days: string[]) => Promise<Map<string, DayCounts<K>>>;
}

/**
 * The register of days with items (sales in checkout, iDEAL payments in payments) and the counts of closed days. An
 * item's day is noted before the item is stored; a day is closed once it is before yesterday. An item arriving for a
 * closed day (an offline sale sent late), or a change of an item's key (a payment's status), makes that day count
 * again. Counting closed days is the service's upkeep.
 */
export class DayRegister<K extends string> {
  private readonly known = new Set<string>();

  constructor(protected readonly opts: DayRegisterOptions<K>) {}

  protected get days(): Model<DayRow> {
    return dayRegisterModel(this.opts.db, this.opts.model);
  }

  dayOf(at: Date): string {
    return localDay(at, this.opts.timeZone);
  }

  /** Days before this one are closed: their items no longer change in number. */
  protected firstOpenDay(): string {
    return addDays(this.dayOf(this.opts.now()), -1);
  }

  /** Registers the day of an item about to be stored (once per open day and process). */
  async note(day: string): Promise<void> {
    if (this.known.has(day)) return;
    try {
      await this.days.collection.insertOne({ day, counts: null });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      if (day < this.firstOpenDay()) await this.changed(day);
    }
    if (day >= this.firstOpenDay()) this.known.add(day);
  }

  /** An item of `day` changed its key: the day is counted again (by the list until the upkeep has stored it). */
  async changed(day: string | null | undefined): Promise<void> {
    if (day) await this.days.updateOne({ day }, { $set: { counts: null } });
  }

  /** The days with items, newest first, with their count for `key` (all keys when null). */
  async daysWithCounts(key: K | null): Promise<{ day: string; count: number }[]> {
    const rows = await this.days.find({}, { day: 1, counts: 1 }).lean();
    const open = this.firstOpenDay();
    const wanted = key ?? 'all';
    const out: { day: string; count: number }[] = [];
    const live: string[] = [];
    for (const r of rows) {
      if (r.counts && r.day < open) out.push({ day: r.day, count: r.counts[wanted] ?? 0 });
      else live.push(r.day);
    }
    const countOne = this.opts.countOne ?? (async (day: string) => (await this.opts.countDay(day))[wanted]);
    // Days without stored counts are counted here, a few at a time (hundreds at once would swamp the database).
    for (let i = 0; i < live.length; i += 8) {
      const batch = live.slice(i, i + 8);
      const counted = await Promise.all(batch.map((day) => countOne(day, key)));
      batch.forEach((day, j) => out.push({ day, count: counted[j]! }));
    }
    return out.filter((d) => d.count > 0).sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  }

  /**
   * One page of items, newest first across days, for `key` (all keys when null): walks the days' counts and reads only
   * the days the page falls in (`readDay` gives a day's items for the key, newest first).
   */
  async page<T>(key: K | null, page: number, perPage: number, readDay: (day: string) => Promise<T[]>): Promise<{ items: T[]; total: number }> {
    const days = await this.daysWithCounts(key);
    const total = days.reduce((sum, d) => sum + d.count, 0);
    const skip = (page - 1) * perPage;
    const items: T[] = [];
    let before = 0;
    for (const d of days) {
      if (items.length >= perPage) break;
      if (before + d.count > skip) {
        const from = Math.max(0, skip - before);
        items.push(...(await readDay(d.day)).slice(from, from + perPage - items.length));
      }
      before += d.count;
    }
    return { items, total };
  }

  /** Counts every closed day that has no counts (yet, or since it changed) and stores them; answers how many. */
  async countClosedDays(): Promise<number> {
    const open = this.firstOpenDay();
    const missing = (await this.days.find({ counts: null }, { day: 1 }).lean()).map((r) => r.day).filter((d) => d < open);
    if (missing.length === 0) return 0;
    let counts = new Map<string, DayCounts<K>>();
    if (this.opts.countDays) counts = await this.opts.countDays(missing);
    else for (const day of missing) counts.set(day, await this.opts.countDay(day));
    for (const day of missing) await this.days.updateOne({ day }, { $set: { counts: counts.get(day) ?? emptyDayCounts(this.opts.keys) } });
    return missing.length;
  }

  /** Registers days found in items stored before the register existed (a migration). */
  async noteAll(days: Iterable<string>): Promise<void> {
    for (const day of days) {
      try {
        await this.days.collection.insertOne({ day, counts: null });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
  }
}
