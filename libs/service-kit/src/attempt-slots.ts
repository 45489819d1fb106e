import { Schema, type Connection, type Types } from 'mongoose';
import { ensureIndexes, isDuplicateKey } from './mongo';

const attemptSlotSchema = new Schema({
  key: { type: String, required: true },
  n: { type: Number, required: true },
  at: { type: Date, required: true },
});
attemptSlotSchema.index({ key: 1, n: 1 }, { unique: true });
attemptSlotSchema.index({ at: 1 });

export const attemptSlotModel = (db: Connection) => db.model('AttemptSlot', attemptSlotSchema);

export interface SlotLimit {
  /** What is counted, e.g. `user:<name>`, `pin:<accountId>`, `card:<registerId>`. */
  key: string;
  /** Attempts allowed within `windowMs`. */
  limit: number;
  windowMs: number;
}

/** Why an attempt was refused: which limit, and when its oldest counted attempt expires. */
export interface SlotRefusal {
  key: string;
  until: Date;
}

/**
 * Counts attempts (wrong passwords, codes, PINs, card secrets) in a sliding window, atomically on any MongoDB-wire
 * store: each attempt takes one of `limit` numbered slots of its key, and a unique index on (key, n) hands each slot
 * to one attempt only, so 30 wrong codes sent at once get exactly `limit` checks. A slot frees itself `windowMs` after
 * it was taken (expired slots are deleted before claiming: the store has no TTL). The store's updates read then write,
 * so nothing here is a counter.
 */
export class AttemptSlots {
  /** The unique index is what makes a slot go to one attempt only: made once per instance before the first claim. */
  private indexed: Promise<void> | null = null;

  constructor(
    private readonly db: Connection,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Takes a slot under every limit, or none: the refusal of the first limit that is used up. */
  async claim(limits: SlotLimit[]): Promise<{ slots: Types.ObjectId[] } | { refused: SlotRefusal }> {
    const slots: Types.ObjectId[] = [];
    for (const limit of limits) {
      const slot = await this.claimOne(limit);
      if ('refused' in slot) {
        await this.release(slots);
        return slot;
      }
      slots.push(slot.id);
    }
    return { slots };
  }

  /** Gives slots back: the attempt turned out right and does not count. */
  async release(slots: Types.ObjectId[]): Promise<void> {
    if (slots.length > 0) await attemptSlotModel(this.db).deleteMany({ _id: { $in: slots } });
  }

  /** Forgets every counted attempt of a key (a right PIN or code clears the count). */
  async clear(key: string): Promise<void> {
    await attemptSlotModel(this.db).deleteMany({ key });
  }

  /** Attempts counted now under a key. */
  async count(limit: SlotLimit): Promise<number> {
    return attemptSlotModel(this.db).countDocuments({ key: limit.key, at: { $gte: new Date(this.now().getTime() - limit.windowMs) } });
  }

  private async claimOne({ key, limit, windowMs }: SlotLimit): Promise<{ id: Types.ObjectId } | { refused: SlotRefusal }> {
    const Slot = attemptSlotModel(this.db);
    this.indexed ??= ensureIndexes(this.db, [Slot]).catch((err: unknown) => {
      this.indexed = null;
      throw err;
    });
    await this.indexed;
    const now = this.now();
    await Slot.deleteMany({ key, at: { $lt: new Date(now.getTime() - windowMs) } });
    const live = await Slot.find({ key }, { n: 1, at: 1 }).lean();
    const taken = new Set(live.map((s) => s.n));
    for (let n = 1; n <= limit; n++) {
      if (taken.has(n)) continue;
      try {
        return { id: (await Slot.create({ key, n, at: now }))._id };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    const oldest = (await Slot.find({ key }, { at: 1 }).sort({ at: 1 }).limit(1).lean())[0]?.at ?? now;
    return { refused: { key, until: new Date(oldest.getTime() + windowMs) } };
  }
}
