import type { Connection } from 'mongoose';
import { accountModel } from './account.model';
import { auditLogModel } from './audit-log.model';
import { cardSecretModel } from './card-secret.model';
import { pinLockModel } from './pin-lock.model';
import { postingModel } from './posting.model';
import { registerModel } from './register.model';
import { settingsModel } from './settings.model';
import { ssoCodeModel, ssoCodeRedemptionModel } from './sso-code.model';
import { userModel } from './user.model';

/** Registers every accounts model on the connection, so ensureIndexes creates all their (unique) indexes. */
export function registerAccountsModels(db: Connection): void {
  for (const model of [userModel, registerModel, settingsModel, accountModel, postingModel, cardSecretModel, pinLockModel, auditLogModel, ssoCodeModel, ssoCodeRedemptionModel]) {
    model(db);
  }
}
