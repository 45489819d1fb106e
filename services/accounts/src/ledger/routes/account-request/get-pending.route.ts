import { AccountRequestView, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { requestView } from '../../account-requests/request-view';
import { currentUser } from '../../../identity/guards';
import { accountRequestModel, type AccountRequestDoc } from '../../models/account-request.model';

/** The user's latest account request (pending, approved or rejected with the board's note), or null. */
export default function getPendingAccountRequest(app: ServiceApp) {
  app.get(
    '/api/account_request/pending',
    { onRequest: app.authenticate, schema: { tags: ['accounts'], summary: 'Own latest account request', response: { 200: ApiResponse(AccountRequestView.nullable()) } } },
    async (request) => {
      const user = await currentUser(app, request);
      const latest = (await accountRequestModel(app.db).findOne({ userId: user._id }).sort({ createdAt: -1, _id: -1 }).lean()) as AccountRequestDoc | null;
      return ok(latest ? requestView(latest) : null);
    },
  );
}
