import { ApiResponse, ok, OwnTransactionsCount } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { currentUser } from '../../../identity/guards';
import { postingModel } from '../../models/posting.model';
import { noLinkedAccount } from './get-account.route';

/** How many postings the member's account has: the head's seq, as postings are numbered without gaps. */
export default function getOwnTransactionsCount(app: ServiceApp) {
  app.get(
    '/api/account/transactions/count',
    { onRequest: app.authenticate, schema: { tags: ['accounts'], summary: 'Number of postings on the own account', response: { 200: ApiResponse(OwnTransactionsCount) } } },
    async (request) => {
      const user = await currentUser(app, request);
      if (!user.accountId) throw noLinkedAccount();
      const head = await postingModel(app.db).findOne({ accountId: user.accountId }, { seq: 1 }).sort({ seq: -1 }).lean();
      return ok({ count: head?.seq ?? 0 });
    },
  );
}
