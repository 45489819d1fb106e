import { AppError } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { accountModel } from '../models/account.model';
import { getSettings } from '../../settings';

export const PIN_REQUIRED_MESSAGE = 'Set a PIN code for your account first: Your account, PIN code.';

/**
 * requireSettingAccountPin, held by the server: with it on, a member's own account without a PIN can neither pay
 * ("Pay with your account") nor be topped up online until a PIN is set. The account page asks for the PIN first; this
 * is what holds when a page or a client does not.
 */
export async function assertPinSetIfRequired(db: Connection, accountId: string): Promise<void> {
  const { requireSettingAccountPin } = await getSettings(db);
  if (!requireSettingAccountPin) return;
  const account = await accountModel(db).findById(accountId, { pinHash: 1 }).lean();
  if (account && !account.pinHash) throw new AppError(403, 'insufficient_permissions', PIN_REQUIRED_MESSAGE);
}
