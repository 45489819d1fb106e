import { AppError, AttemptSlots, isDuplicateKey, type SlotLimit } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import { tfaCodeUseModel } from '../models/tfa-code-use.model';
import { userModel } from '../models/user.model';
import { hashRecoveryCode, looksLikeTotp, openSecret, sealSecret, tfaSealKey, verifyTotp } from './tfa';

/** The same lock-out as account PINs (ledger/pins/pin-guard.ts): 5 wrong codes close sign-in for 5 minutes. */
export const MAX_TFA_FAILURES = 5;
export const TFA_LOCK_MS = 5 * 60_000;
/** Used app codes are remembered this long (well past the ±1 step they are valid for), then forgotten. */
const USED_CODE_MEMORY_MS = 5 * 60_000;

export interface TfaUser {
  _id: Types.ObjectId;
  tfaSecret?: string | null;
  tfaRecoveryHashes?: string[] | null;
}

const clock = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' });

export const tfaRequired = () => new AppError(400, 'tfa_required', 'Enter the code from your authenticator app.');
export const invalidTfaCode = () => new AppError(400, 'invalid_tfa_code', 'Invalid code.');

function tfaLockedError(lockedUntil: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  return new AppError(429, 'too_many_requests', `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at ${clock.format(lockedUntil)}).`);
}

/**
 * Checks second-factor codes: a current app code (±1 time step, each step usable once) or an unused recovery code
 * (used up by this). Every try takes one of five slots first (AttemptSlots), so wrong codes sent at once are checked
 * five times at most; a right code clears them. Every code is claimed through a unique index, so two sign-ins with
 * the same code cannot both pass.
 */
export class TfaGuard {
  private readonly key: Buffer;
  private readonly slots: AttemptSlots;

  constructor(
    private readonly db: Connection,
    private readonly pepper: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = tfaSealKey(pepper);
    this.slots = new AttemptSlots(db, now);
  }

  private limit(user: TfaUser): SlotLimit {
    return { key: `tfa:${String(user._id)}`, limit: MAX_TFA_FAILURES, windowMs: TFA_LOCK_MS };
  }

  seal(secret: string): string {
    return sealSecret(this.key, secret);
  }

  open(sealed: string): string {
    return openSecret(this.key, sealed);
  }

  /** Passes or throws tfa_required / invalid_tfa_code / too_many_requests. */
  async check(user: TfaUser, code: string | undefined): Promise<'totp' | 'recovery'> {
    const now = this.now();
    const given = code?.trim() ?? '';
    const limit = this.limit(user);
    const claimed = await this.slots.claim([limit]);
    if ('refused' in claimed) throw tfaLockedError(claimed.refused.until, now);
    if (given === '') {
      await this.slots.release(claimed.slots);
      throw tfaRequired();
    }

    const kind = looksLikeTotp(given) ? 'totp' : 'recovery';
    const passed = kind === 'totp' ? await this.useTotp(user, given, now) : await this.useRecoveryCode(user, given, now);
    if (!passed) {
      // The try that closes sign-in says so at once, rather than after one more.
      if ((await this.slots.count(limit)) >= MAX_TFA_FAILURES) throw tfaLockedError(new Date(now.getTime() + TFA_LOCK_MS), now);
      throw invalidTfaCode();
    }
    await this.slots.clear(limit.key);
    return kind;
  }

  /** Marks the code's time step as used for the user; false when it was used before. */
  async claimStep(userId: Types.ObjectId, step: number, now: Date): Promise<boolean> {
    const TfaCodeUse = tfaCodeUseModel(this.db);
    await TfaCodeUse.deleteMany({ key: { $regex: '^totp:' }, at: { $lt: new Date(now.getTime() - USED_CODE_MEMORY_MS) } });
    return this.claim(`totp:${String(userId)}:${step}`, now);
  }

  private async useTotp(user: TfaUser, code: string, now: Date): Promise<boolean> {
    if (!user.tfaSecret) return false;
    const step = verifyTotp(this.open(user.tfaSecret), code, now);
    return step !== null && (await this.claimStep(user._id, step, now));
  }

  private async useRecoveryCode(user: TfaUser, code: string, now: Date): Promise<boolean> {
    const hash = hashRecoveryCode(this.pepper, String(user._id), code);
    if (!(user.tfaRecoveryHashes ?? []).includes(hash)) return false;
    if (!(await this.claim(`recovery:${String(user._id)}:${hash}`, now))) return false;
    await userModel(this.db).updateOne({ _id: user._id }, { $pull: { tfaRecoveryHashes: hash } });
    return true;
  }

  private async claim(key: string, now: Date): Promise<boolean> {
    try {
      await tfaCodeUseModel(this.db).create({ key, at: now });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }
}
