import type { Connection } from 'mongoose';
import { accountModel } from '../ledger/models/account.model';
import { accountRequestDecisionModel, accountRequestModel } from '../ledger/models/account-request.model';
import { auditLogModel } from '../ledger/models/audit-log.model';
import { auditRunModel } from '../ledger/models/audit-run.model';
import { cardSecretModel } from '../ledger/models/card-secret.model';
import { attemptSlotModel, migrationModel } from '@kassa/service-kit';
import { balanceDayModel } from '../ledger/models/balance-day.model';
import { wrappedAccountModel, wrappedYearModel } from '../ledger/models/wrapped.model';
import { ledgerSettingModel } from '../ledger/models/ledger-setting.model';
import { pinLockModel } from '../ledger/models/pin-lock.model';
import { postingModel } from '../ledger/models/posting.model';
import { registerModel } from '../identity/models/register.model';
import { settingsModel } from './settings.model';
import { ssoCodeModel, ssoCodeRedemptionModel } from '../identity/models/sso-code.model';
import { tfaCodeUseModel } from '../identity/models/tfa-code-use.model';
import { userModel } from '../identity/models/user.model';
import { noticeModel, noticeSendModel } from '../notices/models/notice.model';
import { payoutFileModel } from '../payouts/models/payout-file.model';
import { payoutModel } from '../payouts/models/payout.model';
import { dormantNoticeModel } from '../dormant/models/dormant-notice.model';

/** Registers every accounts model on the connection, so ensureIndexes creates all their (unique) indexes. */
export function registerAccountsModels(db: Connection): void {
  for (const model of [userModel, registerModel, settingsModel, accountModel, postingModel, cardSecretModel, pinLockModel, auditLogModel, auditRunModel, ssoCodeModel, ssoCodeRedemptionModel, tfaCodeUseModel, accountRequestModel, accountRequestDecisionModel, attemptSlotModel, ledgerSettingModel, balanceDayModel, migrationModel, wrappedYearModel, wrappedAccountModel, noticeModel, noticeSendModel, payoutModel, payoutFileModel, dormantNoticeModel]) {
    model(db);
  }
}
