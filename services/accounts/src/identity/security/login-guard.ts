import { AppError, AttemptSlots, type SlotLimit } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Failed sign-ins per 15 minutes: refused after 10 for one username from one address (guessing one password) and after
 * 50 from one address (guessing many names); per username alone, from anywhere, only slowed down after 10.
 */
export const LOGIN_LIMITS = { userAtAddress: 10, address: 50, userSlowAfter: 10 } as const;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** The wait before answering a wrong password, per failure of the username beyond userSlowAfter, and at most. */
export const LOGIN_SLOW_DOWN = { stepMs: 250, maxMs: 3000 } as const;
/** Failures of one username counted for the slow-down (more are not counted: the wait is at its most long before). */
const USER_COUNTED = LOGIN_LIMITS.userSlowAfter + Math.ceil(LOGIN_SLOW_DOWN.maxMs / LOGIN_SLOW_DOWN.stepMs);

/** The slots one attempt holds; given back when the password was right. */
export interface LoginAttempt {
  username: string;
  slots: Types.ObjectId[];
}

/**
 * Limits failed sign-ins. Every attempt first takes a slot under the hard limits (AttemptSlots: 30 wrong passwords sent
 * at once get exactly 10 checks), per username and address together, and per address; a right password gives them
 * back, so only failures count: a bar behind one NAT where every till and member signs in at once is never stopped,
 * someone guessing is. Keyed on the username alone, a stranger could lock `admin` or a till out before a bar evening;
 * so failures of a username from all addresses only slow down its wrong answers (failed()), and the right password from
 * an address that has not failed is never refused nor slowed.
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
      { key: `login-user-address:${address ?? '-'}:${username}`, limit: LOGIN_LIMITS.userAtAddress, windowMs: LOGIN_WINDOW_MS },
      ...(address ? [{ key: `login-address:${address}`, limit: LOGIN_LIMITS.address, windowMs: LOGIN_WINDOW_MS }] : []),
    ];
    const claimed = await this.slots.claim(limits);
    if ('refused' in claimed) {
      const minutes = Math.max(1, Math.ceil((claimed.refused.until.getTime() - this.now().getTime()) / 60_000));
      throw new AppError(429, 'too_many_requests', `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    // Counted, never refused: when all counted slots are taken the wait is at its longest already.
    const counted = await this.slots.claim([this.userLimit(username)]);
    return { username, slots: [...claimed.slots, ...('slots' in counted ? counted.slots : [])] };
  }

  /** A right password: the attempt does not count. */
  async release(attempt: LoginAttempt): Promise<void> {
    await this.slots.release(attempt.slots);
  }

  /** A wrong password: waits before it is answered, the longer the more the username failed from anywhere. */
  async failed(attempt: LoginAttempt): Promise<void> {
    const failures = await this.slots.count(this.userLimit(attempt.username));
    const ms = slowDownMs(failures);
    if (ms > 0) await sleep(ms);
  }

  private userLimit(username: string): SlotLimit {
    return { key: `login-user:${username}`, limit: USER_COUNTED, windowMs: LOGIN_WINDOW_MS };
  }
}

/** The wait before a wrong password's answer after `failures` failures of its username (this one included). */
export const slowDownMs = (failures: number) =>
  Math.min(LOGIN_SLOW_DOWN.maxMs, Math.max(0, failures - LOGIN_LIMITS.userSlowAfter) * LOGIN_SLOW_DOWN.stepMs);
