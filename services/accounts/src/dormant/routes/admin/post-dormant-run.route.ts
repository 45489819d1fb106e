import { ApiResponse, DormantRound, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { dormantRound, runDormantRound } from '../../dormant';

/**
 * POST /api/admin/dormant/run: this month's round now (the notices worker runs it every day by itself): the accounts
 * unused for more than a year and not told since are recorded and their members mailed. Twice changes nothing.
 */
export default function postDormantRun(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/dormant/run',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: "Run this month's dormant-account round now", response: { 200: ApiResponse(DormantRound) } } },
    async (request) => {
      const told = await runDormantRound({ db: app.db, notices: ctx.notices, now: ctx.now });
      await ctx.audit.record({ actor: { id: request.user.sub, username: request.user.username }, action: 'dormant.run', entity: 'dormant_round', entityId: null, before: null, after: { told }, at: ctx.now() }, request.log);
      return ok(await dormantRound(app.db, ctx));
    },
  );
}
