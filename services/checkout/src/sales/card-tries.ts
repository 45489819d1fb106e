import type { TokenClaims } from '@kassa/contracts';
import { AppError, AttemptSlots } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';

/** Unknown member cards a register may read within 10 minutes before the reader is refused for a while. */
export const CARD_TRIES = { limit: 10, windowMs: 10 * 60_000 } as const;

/**
 * Limits guessing of member-card secrets at a till: each card payment holds a slot of its register (AttemptSlots)
 * until the card turns out to be known, so only unknown cards count, also when they arrive at once.
 */
export class CardTries {
  private readonly slots: AttemptSlots;

  constructor(
    db: Connection,
    private readonly now: () => Date,
  ) {
    this.slots = new AttemptSlots(db, now);
  }

  async claim(user: TokenClaims): Promise<Types.ObjectId[]> {
    const claimed = await this.slots.claim([{ key: `card:${user.registerId ?? user.sub}`, ...CARD_TRIES }]);
    if ('slots' in claimed) return claimed.slots;
    const minutes = Math.max(1, Math.ceil((claimed.refused.until.getTime() - this.now().getTime()) / 60_000));
    throw new AppError(429, 'too_many_requests', `Too many unknown cards at this till. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }

  /** The card was known: its read does not count. */
  async release(slots: Types.ObjectId[]): Promise<void> {
    await this.slots.release(slots);
  }
}
