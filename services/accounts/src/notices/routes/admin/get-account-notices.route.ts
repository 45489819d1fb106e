import { ApiResponse, IdParam, NoticesQuery, NoticeView, ok, Paged } from '@kassa/contracts';
import { notFound, type ServiceApp } from '@kassa/service-kit';
import { accountModel } from '../../../ledger/models/account.model';
import { listNotices } from '../../notices';

/** GET /api/admin/accounts/{id}/notices/: what was mailed about an account and when, newest first. */
export default function getAccountNotices(app: ServiceApp) {
  app.get(
    '/api/admin/accounts/:id/notices/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'The notices (mails) of an account, newest first', params: IdParam, querystring: NoticesQuery, response: { 200: ApiResponse(Paged(NoticeView)) } } },
    async (request) => {
      const { id } = request.params;
      if (!(await accountModel(app.db).exists({ _id: id }))) throw notFound('This account does not exist.');
      return ok(await listNotices(app.db, { accountId: id }, request.query.page, request.query.perPage));
    },
  );
}
