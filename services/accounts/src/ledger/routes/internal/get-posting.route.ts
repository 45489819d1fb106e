import { ApiResponse, ok, PostingLookupQuery, PostingLookupResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';

/** The posting made under a key, or null; posts nothing (checkout settles its stranded sales with it). */
export default function getPosting(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/internal/ledger/postings',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: PostingLookupQuery, response: { 200: ApiResponse(PostingLookupResult) } } },
    async (request) => ok({ posting: await ctx.ledger.find(request.query.key) }),
  );
}
