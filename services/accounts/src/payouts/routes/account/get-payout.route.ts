import { ApiResponse, MemberPayout, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../../identity/guards';
import { noLinkedAccount } from '../../../ledger/routes/account/get-account.route';
import { memberPayout, payoutView } from '../../payouts';

/** GET /api/account/payout: the member's open payout (or their last one), null when none was asked. */
export default function getOwnPayout(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/account/payout',
    { onRequest: app.authenticate, schema: { tags: ['accounts'], summary: 'Own payout request', response: { 200: ApiResponse(MemberPayout) } } },
    async (request) => {
      const user = await currentUser(app, request);
      if (!user.accountId) throw noLinkedAccount();
      const doc = await memberPayout(app.db, String(user.accountId));
      return ok(doc && MemberPayout.parse(payoutView(doc, (await ctx.ledger.readHead(String(user.accountId))).balanceAfter)));
    },
  );
}
