import { ApiResponse, IdParam, ok, UserUpgradeInfo } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { accountModel } from '../../../ledger/models/account.model';
import { userModel } from '../../models/user.model';
import { getSettings } from '../../../settings';
import { noLinkedAccount } from '../../../ledger/routes/account/get-account.route';
import { assertPinSetIfRequired } from '../../../ledger/pins/pin-required';

/** For payments, starting a member's online top-up: the user's own account and the smallest top-up allowed. */
export default function getUserUpgradeInfo(app: ServiceApp) {
  app.get(
    '/internal/users/:id/upgrade-info',
    { onRequest: app.requireInternal, schema: { hide: true, params: IdParam, response: { 200: ApiResponse(UserUpgradeInfo) } } },
    async (request) => {
      const user = await userModel(app.db).findById(request.params.id, { username: 1, accountId: 1 }).lean();
      if (!user) throw new AppError(404, 'not_found', 'User not found.');
      if (!user.accountId) throw noLinkedAccount();
      const [account, settings] = await Promise.all([accountModel(app.db).findById(user.accountId, { name: 1 }).lean(), getSettings(app.db)]);
      if (!account) throw noLinkedAccount();
      await assertPinSetIfRequired(app.db, String(account._id));
      return ok({ accountId: String(account._id), accountName: account.name, username: user.username, minAmount: settings.accountUpgradeMinAmount });
    },
  );
}
