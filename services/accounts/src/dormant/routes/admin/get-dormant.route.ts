import { ApiResponse, DormantQuery, DormantRound, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { dormantRound } from '../../dormant';

/** GET /api/admin/dormant/?month=: a month's dormant round (the latest by default), each account's state now. */
export default function getDormant(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/dormant/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Accounts told they are unused for more than a year', querystring: DormantQuery, response: { 200: ApiResponse(DormantRound) } } },
    async (request) => {
      await ctx.headsWritten();
      return ok(await dormantRound(app.db, ctx, request.query.month));
    },
  );
}
