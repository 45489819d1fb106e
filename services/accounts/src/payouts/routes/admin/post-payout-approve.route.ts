import { ApiResponse, ApprovalView, IdParam, ok, Payout } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { approvePayout, payoutView } from '../../payouts';

/**
 * POST /api/admin/payouts/{id}/approve: four eyes. The first treasurer's call prepares it (202 with the pending
 * approval, nothing changes); another treasurer's call approves it and freezes the account for purchases and top-ups.
 */
export default function postPayoutApprove(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/payouts/:id/approve',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Approve a payout (prepare, or approve what another admin prepared)', params: IdParam, response: { 200: ApiResponse(Payout), 202: ApiResponse(ApprovalView) } } },
    async (request, reply) => {
      const result = await approvePayout(app.db, ctx, request.params.id, request.user, request.log);
      if (!result.approved) return reply.code(202).send(ok(result.approval));
      return ok(payoutView(result.payout, (await ctx.ledger.readHead(String(result.payout.accountId))).balanceAfter));
    },
  );
}
