import { AccountRequestDecisionBody, AccountRequestView, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { decideAccountRequest } from '../../account-requests/decide-request';
import { requestView } from '../../account-requests/request-view';
import type { AccountsContext } from '../../../context';

/** The board approves (creates and links the account) or rejects (with a note) a request; repeating it is harmless. */
export default function postAccountRequestStatus(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/account_requests/:id/status',
    {
      onRequest: app.requireRole('board'),
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject an account request',
        params: IdParam,
        body: AccountRequestDecisionBody,
        response: { 200: ApiResponse(AccountRequestView) },
      },
    },
    async (request) => {
      const decided = await decideAccountRequest(app.db, ctx, request.params.id, request.body, {
        userId: request.user.sub,
        username: request.user.username,
      }, request.log);
      request.log.info({ requestId: request.params.id, status: request.body.status }, 'account request decided');
      return ok(requestView(decided));
    },
  );
}
