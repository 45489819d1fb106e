import type { Connection } from 'mongoose';
import { accountModel } from './account.model';
import { accountRequestDecisionModel, accountRequestModel } from './account-request.model';
import { auditLogModel } from './audit-log.model';
import { auditRunModel } from './audit-run.model';
import { cardSecretModel } from './card-secret.model';
import { attemptSlotModel, migrationModel } from '@kassa/service-kit';
import { balanceDayModel } from './balance-day.model';
import { wrappedAccountModel, wrappedYearModel } from './wrapped.model';
import { ledgerSettingModel } from './ledger-setting.model';
import { pinLockModel } from './pin-lock.model';
import { postingModel } from './posting.model';
import { registerModel } from './register.model';
import { settingsModel } from './settings.model';
import { ssoCodeModel, ssoCodeRedemptionModel } from './sso-code.model';
import { tfaCodeUseModel } from './tfa-code-use.model';
import { userModel } from './user.model';

/** Registers every accounts model on the connection, so ensureIndexes creates all their (unique) indexes. */
export function registerAccountsModels(db: Connection): void {
  for (const model of [userModel, registerModel, settingsModel, accountModel, postingModel, cardSecretModel, pinLockModel, auditLogModel, auditRunModel, ssoCodeModel, ssoCodeRedemptionModel, tfaCodeUseModel, accountRequestModel, accountRequestDecisionModel, attemptSlotModel, ledgerSettingModel, balanceDayModel, migrationModel, wrappedYearModel, wrappedAccountModel]) {
    model(db);
  }
}
