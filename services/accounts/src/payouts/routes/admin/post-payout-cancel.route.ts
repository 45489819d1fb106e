import { ApiResponse, IdParam, ok, Payout } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { cancelPayout, payoutView } from '../../payouts';

/** POST /api/admin/payouts/{id}/cancel: stops a payout that is not in a file yet; the account takes sales again. */
export default function postPayoutCancel(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/payouts/:id/cancel',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Cancel a payout', params: IdParam, response: { 200: ApiResponse(Payout) } } },
    async (request) => {
      const doc = await cancelPayout(app.db, ctx, request.params.id, request.user, request.log);
      return ok(payoutView(doc, (await ctx.ledger.readHead(String(doc.accountId))).balanceAfter));
    },
  );
}
