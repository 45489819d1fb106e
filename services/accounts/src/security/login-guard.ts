import { AppError, isDuplicateKey } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import { loginFailureModel } from '../models/login-failure.model';

/** Failed sign-ins allowed per window: per username (guessing one password) and per address (guessing many). */
export const LOGIN_LIMITS = { user: 10, address: 50 } as const;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** The slots one attempt holds; given back when the password was right. */
export type LoginAttempt = Types.ObjectId[];

/**
 * Limits failed sign-ins per username and per client address. Every attempt first claims a numbered slot in both
 * windows (a unique index hands each slot out once, so 30 wrong passwords sent at once get at most 10 checks); a right
 * password gives its slots back, so only failures count: a bar behind one NAT where every till and member signs in at
 * once is never stopped, someone guessing is, after 10 wrong passwords for one name or 50 from one address within
 * 15 minutes.
 */
export class LoginGuard {
  constructor(
    private readonly db: Connection,
    private readonly now: () => Date,
  ) {}

  async claim(username: string, address: string | null): Promise<LoginAttempt> {
    const window = Math.floor(this.now().getTime() / LOGIN_WINDOW_MS);
    const Failure = loginFailureModel(this.db);
    void Failure.deleteMany({ window: { $lt: window - 1 } }).catch(() => undefined);
    const held: LoginAttempt = [];
    const limits = [{ key: `user:${username}`, limit: LOGIN_LIMITS.user }, ...(address ? [{ key: `address:${address}`, limit: LOGIN_LIMITS.address }] : [])];
    for (const { key, limit } of limits) {
      const slot = await this.claimSlot(key, window, limit);
      if (!slot) {
        await this.release(held);
        const minutes = Math.ceil(((window + 1) * LOGIN_WINDOW_MS - this.now().getTime()) / 60_000);
        throw new AppError(429, 'too_many_requests', `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      held.push(slot);
    }
    return held;
  }

  /** A right password: the attempt does not count. */
  async release(attempt: LoginAttempt): Promise<void> {
    if (attempt.length > 0) await loginFailureModel(this.db).deleteMany({ _id: { $in: attempt } });
  }

  private async claimSlot(key: string, window: number, limit: number): Promise<Types.ObjectId | null> {
    const Failure = loginFailureModel(this.db);
    const taken = new Set((await Failure.find({ key, window }, { n: 1 }).lean()).map((d) => d.n));
    for (let n = 1; n <= limit; n++) {
      if (taken.has(n)) continue;
      try {
        return (await Failure.create({ key, window, n, at: this.now() }))._id;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    return null;
  }
}
