import { AppError, isDuplicateKey, localDay } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { invoiceNumberModel } from './invoice-number.model';

const MAX_TRIES = 40;

/**
 * Gives out invoice numbers: one series per calendar year (`2026-0001`, `2026-0002`, ...), credit notes included, with
 * no gap and no repeat. Inside one process the calls queue; between replicas the unique number settles a race: the
 * loser reads the head again and takes the next one.
 */
export class InvoiceNumbers {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Connection,
    private readonly timeZone: string,
  ) {}

  /**
   * The number of `invoiceId`: the one it already has, or the next of the year of `at`. `check` runs in the queue just
   * before a new number is claimed (a rule that two finalises at once must not both pass, such as overlapping periods).
   */
  take(invoiceId: string, at: Date, check?: () => Promise<void>): Promise<string> {
    const go = async () => {
      const own = await this.of(invoiceId);
      if (own) return own;
      await check?.();
      return this.takeNow(invoiceId, at);
    };
    const run = this.tail.then(go, go);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** The number reserved for an invoice, if any (a finalise that stopped half-way reserved one). */
  async of(invoiceId: string): Promise<string | null> {
    return (await invoiceNumberModel(this.db).findOne({ invoiceId }, { _id: 1 }).lean())?._id ?? null;
  }

  private async takeNow(invoiceId: string, at: Date): Promise<string> {
    const Numbers = invoiceNumberModel(this.db);
    const year = Number(localDay(at, this.timeZone).slice(0, 4));
    for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
      const own = await this.of(invoiceId);
      if (own) return own;
      const head = await Numbers.findOne({ year }, { seq: 1 }).sort({ seq: -1 }).lean();
      const seq = (head?.seq ?? 0) + 1;
      const number = `${year}-${String(seq).padStart(4, '0')}`;
      try {
        await Numbers.create({ _id: number, year, seq, invoiceId, at });
        return number;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // Another replica took this number (or this invoice's): a short random pause spreads the next tries apart.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
      }
    }
    throw new AppError(503, 'retry_later', 'Many invoices are being finalised at once. Please try again.');
  }
}

const perDb = new WeakMap<Connection, InvoiceNumbers>();
/** The process's one series keeper per database. */
export function invoiceNumbers(db: Connection, timeZone: string): InvoiceNumbers {
  let numbers = perDb.get(db);
  if (!numbers) perDb.set(db, (numbers = new InvoiceNumbers(db, timeZone)));
  return numbers;
}
