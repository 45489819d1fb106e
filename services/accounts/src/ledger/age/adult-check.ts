import { AppError } from '@kassa/service-kit';
import { Types, type Connection } from 'mongoose';
import { accountModel } from '../models/account.model';

/** Whether someone born on `dateOfBirth` (YYYY-MM-DD) is 18 or older on `day`: their 18th birthday has come. */
export function adultOn(dateOfBirth: string, day: string): boolean {
  const eighteenth = `${String(Number(dateOfBirth.slice(0, 4)) + 18).padStart(4, '0')}${dateOfBirth.slice(4)}`;
  return eighteenth <= day;
}

/**
 * A sale with an 18+ product on an account (setting ageCheck 'account') needs the holder's recorded date of birth to
 * show 18 or older on the sale's day; otherwise 409 `age_not_shown`, and checkout ends the sale.
 */
export async function assertAdult(db: Connection, accountId: string, day: string): Promise<void> {
  const account = await accountModel(db).findById(new Types.ObjectId(accountId), { name: 1, dateOfBirth: 1 }).lean();
  if (account && (!account.dateOfBirth || !adultOn(account.dateOfBirth, day))) {
    const why = account.dateOfBirth ? 'is not 18 or older by its date of birth' : 'has no date of birth on record';
    throw new AppError(409, 'age_not_shown', `${account.name} ${why}: 18+ products are not sold on it.`);
  }
}
