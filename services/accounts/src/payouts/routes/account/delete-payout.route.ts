import { ApiResponse, MemberPayout, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../../identity/guards';
import { noLinkedAccount } from '../../../ledger/routes/account/get-account.route';
import { cancelPayout, memberPayout, payoutView } from '../../payouts';

/** DELETE /api/account/payout: the member withdraws their request while no admin has approved it. */
export default function deleteOwnPayout(app: ServiceApp, ctx: AccountsContext) {
  app.delete(
    '/api/account/payout',
    { onRequest: app.authenticate, schema: { tags: ['accounts'], summary: 'Withdraw the own payout request', response: { 200: ApiResponse(MemberPayout) } } },
    async (request) => {
      const user = await currentUser(app, request);
      if (!user.accountId) throw noLinkedAccount();
      const accountId = String(user.accountId);
      const open = await memberPayout(app.db, accountId);
      if (!open || open.state === 'cancelled' || open.state === 'booked') throw new AppError(404, 'not_found', 'There is no payout request to withdraw.');
      if (open.state !== 'requested') throw new AppError(409, 'conflict', 'The board approved this payout already: ask the treasurer to stop it.');
      const doc = await cancelPayout(app.db, ctx, String(open._id), request.user, request.log);
      return ok(MemberPayout.parse(payoutView(doc, (await ctx.ledger.readHead(accountId)).balanceAfter)));
    },
  );
}
