import { ApiResponse, NoticesQuery, NoticeView, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { listNotices } from '../../notices';

/** The signed-in member's own notices, newest first (also those from before they had an account). */
export default function getOwnNotices(app: ServiceApp) {
  app.get(
    '/api/account/notices',
    { onRequest: app.authenticate, schema: { tags: ['accounts'], summary: 'Own notices (mails), newest first', querystring: NoticesQuery, response: { 200: ApiResponse(Paged(NoticeView)) } } },
    async (request) => ok(await listNotices(app.db, { userId: request.user.sub }, request.query.page, request.query.perPage)),
  );
}
