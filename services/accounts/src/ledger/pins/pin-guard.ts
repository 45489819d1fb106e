import { AppError, AttemptSlots, isDuplicateKey, type SlotLimit } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import { pinLockModel } from '../models/pin-lock.model';
import { verifyPin } from './secrets';

export const MAX_PIN_FAILURES = 5;
/** The first lock-out; each further one in a row lasts twice as long, up to a day. */
export const PIN_LOCK_MS = 5 * 60_000;
export const MAX_PIN_LOCK_MS = 24 * 60 * 60_000;

/** How long the n-th lock-out in a row lasts (n from 1): 5, 10, 20 ... minutes, at most a day. */
export const pinLockDuration = (n: number) => Math.min(MAX_PIN_LOCK_MS, PIN_LOCK_MS * 2 ** Math.max(0, n - 1));
const CLEAN_TTL_MS = 5_000;
/**
 * Wrong PINs one register may type across all accounts: 30 an hour (a busy evening's typos are a few an hour; guessing
 * over 66 accounts within each account's lock-out would be about 120 an hour). Past it the register's PIN sales are
 * refused until its oldest counted failure is an hour old; cash, card and linked cards go on.
 */
export const PIN_REGISTER_LIMIT = { failures: 30, windowMs: 60 * 60_000 } as const;

/** An account just locked by a wrong PIN: the board sees it (audit entry, account page). */
export interface PinLockEvent {
  accountId: string;
  lockedUntil: Date;
  /** Lock-outs in a row, this one included. */
  lockouts: number;
  registerId: string | null;
}

export interface PinAccount {
  _id: Types.ObjectId;
  pinHash: string | null;
  pinSalt: string | null;
}

const clock = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' });

export function pinLockedError(lockedUntil: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return new AppError(
    429,
    'pin_locked',
    `Too many wrong passcodes for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${clock.format(lockedUntil)}).`,
  );
}

/**
 * Checks account PINs with a lock-out: after 5 wrong tries the account refuses every PIN for 5 minutes, and each
 * further lock-out in a row lasts twice as long (10, 20, 40 minutes ... up to a day), so a day allows about 45 guesses
 * instead of 1,440; a right PIN clears both counts. Callers hold the account's ledger lock, so counts never race within
 * a process.
 */
export class PinGuard {
  /**
   * Accounts seen without wrong tries, and when: a right PIN within CLEAN_TTL_MS of that skips the database (the
   * till's hot path). A wrong PIN always goes to the database, so the count is shared by every replica.
   */
  private readonly clean = new Map<string, number>();

  private readonly slots: AttemptSlots;

  constructor(
    private readonly db: Connection,
    private readonly pepper: string,
    private readonly now: () => Date = () => new Date(),
    /** Called once for each lock-out, after it is stored. */
    private readonly onLock: (lock: PinLockEvent) => Promise<void> = async () => undefined,
  ) {
    this.slots = new AttemptSlots(db, now);
  }

  async check(account: PinAccount, pin: string | undefined, registerId: string | null = null): Promise<void> {
    const key = String(account._id);
    const now = this.now();
    const right = pin !== undefined && account.pinHash !== null && account.pinSalt !== null && verifyPin(this.pepper, pin, account.pinHash, account.pinSalt);
    const cleanAt = this.clean.get(key);
    if (right && cleanAt !== undefined && now.getTime() - cleanAt < CLEAN_TTL_MS) return;
    const registerLimit = registerId ? this.registerLimit(registerId) : null;
    if (registerLimit && (await this.slots.count(registerLimit)) >= registerLimit.limit) await this.refuseRegister(registerLimit);

    const PinLock = pinLockModel(this.db);
    const lock = await PinLock.findOne({ accountId: account._id }, { failures: 1, lockedUntil: 1, lockouts: 1 }).lean();
    if (lock?.lockedUntil && lock.lockedUntil > now) throw pinLockedError(lock.lockedUntil, now);
    if (!account.pinHash || !account.pinSalt) {
      throw new AppError(400, 'invalid_account_pin', 'No passcode has been set for this account yet. Set one on the account page.');
    }
    if (right) {
      if (lock) await PinLock.deleteOne({ accountId: account._id });
      this.clean.set(key, now.getTime());
      return;
    }
    this.clean.delete(key);
    const failures = (lock?.failures ?? 0) + 1;
    const locked = failures >= MAX_PIN_FAILURES;
    const lockouts = (lock?.lockouts ?? 0) + (locked ? 1 : 0);
    const lockedUntil = locked ? new Date(now.getTime() + pinLockDuration(lockouts)) : null;
    // A lock that has run out keeps its place in the row of lock-outs until a right PIN clears the document.
    const update = { $set: { failures: locked ? 0 : failures, lockedUntil: lockedUntil ?? lock?.lockedUntil ?? null, lockouts } };
    await PinLock.updateOne({ accountId: account._id }, update, { upsert: true }).catch(async (err: unknown) => {
      // Another replica created the count first: count on top of it.
      if (!isDuplicateKey(err)) throw err;
      await PinLock.updateOne({ accountId: account._id }, update);
    });
    if (registerLimit) await this.slots.claim([registerLimit]);
    // The wrong PIN that locks says so at once; the one before it warns (the till's pad shows the server's sentence).
    if (lockedUntil) {
      await this.onLock({ accountId: key, lockedUntil, lockouts, registerId });
      throw pinLockedError(lockedUntil, now);
    }
    const left = MAX_PIN_FAILURES - failures;
    if (left === 1) {
      const minutes = Math.round(pinLockDuration(lockouts + 1) / 60_000);
      throw new AppError(400, 'invalid_account_pin', `Invalid passcode. 1 try left: one more wrong passcode locks this account for ${minutes} minutes.`);
    }
    throw new AppError(400, 'invalid_account_pin', 'Invalid passcode');
  }

  private registerLimit(registerId: string): SlotLimit {
    return { key: `pin-register:${registerId}`, limit: PIN_REGISTER_LIMIT.failures, windowMs: PIN_REGISTER_LIMIT.windowMs };
  }

  /** The register has typed too many wrong PINs: refused, with when it may try again (its oldest failure's expiry). */
  private async refuseRegister(limit: SlotLimit): Promise<never> {
    const claimed = await this.slots.claim([limit]);
    if ('slots' in claimed) await this.slots.release(claimed.slots);
    const until = 'refused' in claimed ? claimed.refused.until : new Date(this.now().getTime() + limit.windowMs);
    const minutes = Math.max(1, Math.ceil((until.getTime() - this.now().getTime()) / 60_000));
    throw new AppError(429, 'too_many_requests', `Too many wrong passcodes on this till. PIN payments work again in ${minutes} minute${minutes === 1 ? '' : 's'}; cash and card still work.`);
  }

  /** A new PIN starts with a clean slate. */
  async reset(accountId: Types.ObjectId): Promise<void> {
    this.clean.delete(String(accountId));
    await pinLockModel(this.db).deleteOne({ accountId });
  }
}
