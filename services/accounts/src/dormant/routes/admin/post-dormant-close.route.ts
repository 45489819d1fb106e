import { ApiResponse, ApprovalView, DormantCloseResult, MonthParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { closeDormantRound } from '../../dormant';

/**
 * POST /api/admin/dormant/{month}/close: four eyes. The first board member's call prepares it (202: nothing closes);
 * another's closes the round's accounts still unused after their 14 days, each with its balance expired.
 */
export default function postDormantClose(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/dormant/:month/close',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: 'Close the unused accounts of a round (prepare, or approve what another board member prepared)', params: MonthParam, response: { 200: ApiResponse(DormantCloseResult), 202: ApiResponse(ApprovalView) } } },
    async (request, reply) => {
      const outcome = await closeDormantRound(app.db, ctx, request.params.month, request.user, request.log);
      if (!outcome.approved) return reply.code(202).send(ok(outcome.approval));
      return ok(outcome.result);
    },
  );
}
