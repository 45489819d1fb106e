import type { BalanceAtDate } from '@kassa/contracts';
import { addDays, isDuplicateKey, localDay, runOnce } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { accountModel } from '../models/account.model';
import { balanceDayModel } from '../models/balance-day.model';
import { postingModel } from '../models/posting.model';

export type DayBalance = Omit<BalanceAtDate, 'date' | 'net'>;

/** A walk never goes further back than this many days (a ledger older than 25 years is not a bar's). */
const MAX_DAYS_BACK = 25 * 366;
/** Days read from the database at once while walking back. */
const BATCH = 8;

/** Running totals of money held for members and owed by credit accounts, kept right as balances change. */
class Totals {
  held = 0;
  owed = 0;
  accountsHeld = 0;
  accountsOwing = 0;

  add(balance: number, sign: 1 | -1): void {
    if (balance > 0) {
      this.held += sign * balance;
      this.accountsHeld += sign;
    } else if (balance < 0) {
      this.owed -= sign * balance;
      this.accountsOwing += sign;
    }
  }

  view(): DayBalance {
    return { held: this.held, owed: this.owed, accountsHeld: this.accountsHeld, accountsOwing: this.accountsOwing };
  }
}

const ZERO: DayBalance = { held: 0, owed: 0, accountsHeld: 0, accountsOwing: 0 };

/**
 * The balance of all accounts at the end of a local day. Today's is the sum of the ledger heads; an earlier day's is
 * the heads with every later posting taken off again, read day by day by the postings' stored `day` (equality reads,
 * which FerretDB answers from an index; a range over `at` would read every posting). A closed day's figures never [ferretdb:equality-index]
 * change, so each is kept once worked out (ledger/models/balance-day.model.ts), and the upkeep works out every closed day in
 * the background: at start, then every ten minutes, one walk back over the days since the last kept one.
 */
export class BalanceDays {
  constructor(
    private readonly db: Connection,
    private readonly now: () => Date,
    /** Resolves once this process's ledger has written its pending head caches (Ledger.settled). */
    private readonly settled: () => Promise<void>,
    private readonly timeZone = 'Europe/Amsterdam',
  ) {}

  private today(): string {
    return localDay(this.now(), this.timeZone);
  }

  /** The last closed day: a posting stamped just before midnight may still be landing yesterday's. */
  private lastClosedDay(): string {
    return addDays(this.today(), -2);
  }

  /** What the accounts hold and owe now (the ledger heads), and today's date. */
  async current(): Promise<DayBalance & { date: string }> {
    const date = this.today();
    return { date, ...(await this.balanceAt(date)) };
  }

  async balanceAt(date: string): Promise<DayBalance> {
    if (date >= this.today()) return (await this.heads()).totals.view();
    const kept = await balanceDayModel(this.db).findOne({ day: date }).lean();
    if (kept) return { held: kept.held, owed: kept.owed, accountsHeld: kept.accountsHeld, accountsOwing: kept.accountsOwing };
    const start = await balanceDayModel(this.db).findOne({ start: true }, { day: 1 }).lean();
    if (start && date <= start.day) return ZERO;
    let found: DayBalance = ZERO;
    const closed = this.lastClosedDay();
    const worked: { day: string; balance: DayBalance }[] = [];
    await this.walk(date, (day, balance) => {
      if (day === date) found = balance;
      if (day <= closed) worked.push({ day, balance });
    });
    await this.keep(worked);
    return found;
  }

  /** Works out and keeps every closed day not kept yet (the upkeep); answers how many it kept. */
  async keepClosedDays(): Promise<number> {
    const rows = await balanceDayModel(this.db).find({}, { day: 1, start: 1 }).lean();
    const kept = new Set(rows.map((r) => r.day));
    const start = rows.find((r) => r.start)?.day ?? null;
    const closed = this.lastClosedDay();
    let until: string | null = null;
    if (start) {
      for (let day = closed; day > start; day = addDays(day, -1)) if (!kept.has(day)) until = day;
      if (until === null) return 0;
    }
    const worked: { day: string; balance: DayBalance }[] = [];
    const first = await this.walk(until, (day, balance) => {
      if (day <= closed && !kept.has(day)) worked.push({ day, balance });
    });
    await this.keep(worked);
    if (first !== null) {
      // Nothing was held at the end of the day before the first posting (or of the last closed day, if later).
      const day = first < closed ? first : closed;
      await balanceDayModel(this.db).updateOne({ day }, { $set: { ...ZERO, start: true } }, { upsert: true });
    }
    return worked.length;
  }

  /** Once per database: the local day on postings written before postings stored it. Reads every posting once. */
  async migrate(): Promise<void> {
    await runOnce(this.db, 'posting-days', this.now(), async () => {
      const Posting = postingModel(this.db);
      for await (const p of Posting.find({}, { at: 1, day: 1 }).lean().cursor()) {
        if (!p.day) await Posting.updateOne({ _id: p._id }, { $set: { day: localDay(p.at, this.timeZone) } });
      }
    });
  }

  /** Every account's head as its cache holds it (balance and seq written together), and their totals. */
  private async heads() {
    await this.settled();
    const heads = new Map<string, { balance: number; seq: number }>();
    const totals = new Totals();
    let postings = 0;
    for (const a of await accountModel(this.db).find({}, { balance: 1, headSeq: 1 }).lean()) {
      const head = { balance: a.balance ?? 0, seq: a.headSeq ?? 0 };
      heads.set(String(a._id), head);
      totals.add(head.balance, 1);
      postings += head.seq;
    }
    return { heads, totals, postings };
  }

  /**
   * Walks back from the heads, calling `visit` with the balance at the end of each day from yesterday down to `until`
   * (or to the first posting when null). Answers the day before the first posting when the walk passed every posting.
   */
  private async walk(until: string | null, visit: (day: string, balance: DayBalance) => void): Promise<string | null> {
    const { heads, totals, postings } = await this.heads();
    let left = postings;
    const Posting = postingModel(this.db);
    const today = this.today();
    for (let back = 0; back < MAX_DAYS_BACK; back += BATCH) {
      const days = Array.from({ length: BATCH }, (_, i) => addDays(today, -back - i));
      const read = await Promise.all(days.map((day) => Posting.find({ day }, { accountId: 1, seq: 1, amount: 1 }).lean()));
      for (const [i, day] of days.entries()) {
        for (const p of read[i]!) {
          const head = heads.get(String(p.accountId));
          // Postings after the cached head are not in it (the cache is written a moment later): leave them out.
          if (!head || p.seq > head.seq) continue;
          totals.add(head.balance, -1);
          head.balance -= p.amount;
          totals.add(head.balance, 1);
          left--;
        }
        const previous = addDays(day, -1);
        visit(previous, totals.view());
        if (left <= 0) return previous;
        if (until !== null && previous <= until) return null;
      }
    }
    return null;
  }

  private async keep(rows: { day: string; balance: DayBalance }[]): Promise<void> {
    if (rows.length === 0) return;
    try {
      await balanceDayModel(this.db).insertMany(
        rows.map((r) => ({ day: r.day, ...r.balance })),
        { ordered: false },
      );
    } catch (err) {
      // Another request or replica kept some of these days first: the figures are the same.
      const writeErrors = (err as { writeErrors?: unknown[] }).writeErrors;
      if (!isDuplicateKey(err) && !(writeErrors && writeErrors.every(isDuplicateKey))) throw err;
    }
  }
}
