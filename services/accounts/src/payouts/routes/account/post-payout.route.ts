import { ApiResponse, MemberPayout, ok, PayoutRequestBody } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../../identity/guards';
import { noLinkedAccount } from '../../../ledger/routes/account/get-account.route';
import { payoutView, requestPayout } from '../../payouts';

/**
 * POST /api/account/payout: a leaving member asks for their balance, to an IBAN in their own name or donated to the
 * association. Two admins approve it; until then the member may withdraw it (DELETE).
 */
export default function postOwnPayout(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/account/payout',
    { onRequest: app.authenticate, schema: { tags: ['accounts'], summary: 'Ask for a payout of the own balance', body: PayoutRequestBody, response: { 200: ApiResponse(MemberPayout) } } },
    async (request) => {
      const user = await currentUser(app, request);
      if (!user.accountId) throw noLinkedAccount();
      const accountId = String(user.accountId);
      const doc = await requestPayout(app.db, ctx, { accountId, body: request.body, by: request.user, byMember: true }, request.log);
      return ok(MemberPayout.parse(payoutView(doc, (await ctx.ledger.readHead(accountId)).balanceAfter)));
    },
  );
}
