import { AccountRequestsQuery, AccountRequestView, ApiResponse, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { requestView } from '../../account-requests/request-view';
import { accountRequestModel, type AccountRequestDoc } from '../../models/account-request.model';

/** Account requests for the board, newest first, optionally of one status. */
export default function getAccountRequests(app: ServiceApp) {
  app.get(
    '/api/admin/account_requests',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Account requests', querystring: AccountRequestsQuery, response: { 200: ApiResponse(Paged(AccountRequestView)) } },
    },
    async (request) => {
      const { page, perPage, status } = request.query;
      const filter = status ? { status } : {};
      const AccountRequest = accountRequestModel(app.db);
      const [total, docs] = await Promise.all([
        AccountRequest.countDocuments(filter),
        AccountRequest.find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean(),
      ]);
      return ok({ items: (docs as AccountRequestDoc[]).map(requestView), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
