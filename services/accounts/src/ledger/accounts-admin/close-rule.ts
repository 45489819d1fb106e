import { formatEuros } from '@kassa/contracts';
import { AppError } from '@kassa/service-kit';
import { Types, type Connection } from 'mongoose';
import { USE_KINDS } from '../ledger';
import { postingModel } from '../models/posting.model';

const YEAR_MS = 365 * 24 * 3_600_000;

/** When the member last used the account (a sale, a top-up, iDEAL), else when it was made. */
export async function lastUseOf(db: Connection, accountId: string, createdAt: Date): Promise<Date> {
  const last = await postingModel(db)
    .findOne({ accountId: new Types.ObjectId(accountId), kind: { $in: [...USE_KINDS] } }, { at: 1 })
    .sort({ seq: -1 })
    .lean();
  return last?.at ?? createdAt;
}

/** The terms: a positive balance expires only on an account unused for more than a year. */
export const mayExpire = (lastUse: Date, now: Date) => now.getTime() - lastUse.getTime() > YEAR_MS;

const day = (d: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(d);

/** The refusal of closing an account that still holds the member's money. */
export const balanceFirst = (name: string, balance: number, lastUse: Date) =>
  new AppError(
    409,
    'conflict',
    `${name} has ${formatEuros(balance)} on it and was last used on ${day(lastUse)}: a balance only expires on an account unused for more than a year. Pay it out or move it to another account first (a correction), then close it.`,
  );
