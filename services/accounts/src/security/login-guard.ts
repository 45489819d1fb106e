import { AppError, AttemptSlots, type SlotLimit } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';

/** Failed sign-ins allowed per 15 minutes: per username (guessing one password) and per address (guessing many). */
export const LOGIN_LIMITS = { user: 10, address: 50 } as const;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** The slots one attempt holds; given back when the password was right. */
export type LoginAttempt = Types.ObjectId[];

/**
 * Limits failed sign-ins per username and per client address. Every attempt first takes a slot under both limits
 * (AttemptSlots: 30 wrong passwords sent at once get exactly 10 checks); a right password gives them back, so only
 * failures count: a bar behind one NAT where every till and member signs in at once is never stopped, someone
 * guessing is, after 10 wrong passwords for one name or 50 from one address within 15 minutes.
 */
export class LoginGuard {
  private readonly slots: AttemptSlots;

  constructor(
    db: Connection,
    private readonly now: () => Date,
  ) {
    this.slots = new AttemptSlots(db, now);
  }

  async claim(username: string, address: string | null): Promise<LoginAttempt> {
    const limits: SlotLimit[] = [
      { key: `login-user:${username}`, limit: LOGIN_LIMITS.user, windowMs: LOGIN_WINDOW_MS },
      ...(address ? [{ key: `login-address:${address}`, limit: LOGIN_LIMITS.address, windowMs: LOGIN_WINDOW_MS }] : []),
    ];
    const claimed = await this.slots.claim(limits);
    if ('refused' in claimed) {
      const minutes = Math.max(1, Math.ceil((claimed.refused.until.getTime() - this.now().getTime()) / 60_000));
      throw new AppError(429, 'too_many_requests', `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    return claimed.slots;
  }

  /** A right password: the attempt does not count. */
  async release(attempt: LoginAttempt): Promise<void> {
    await this.slots.release(attempt);
  }
}
