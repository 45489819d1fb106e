import { AdminPayoutRequestBody, ApiResponse, ok, Payout } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { payoutView, requestPayout } from '../../payouts';

/** POST /api/admin/payouts/: a treasurer asks for a member's payout on their behalf (another admin approves it). */
export default function postPayout(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/payouts/',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Ask for a payout for a member', body: AdminPayoutRequestBody, response: { 200: ApiResponse(Payout) } } },
    async (request) => {
      const { accountId, ...body } = request.body;
      const doc = await requestPayout(app.db, ctx, { accountId, body, by: request.user, byMember: false }, request.log);
      return ok(payoutView(doc, (await ctx.ledger.readHead(accountId)).balanceAfter));
    },
  );
}
