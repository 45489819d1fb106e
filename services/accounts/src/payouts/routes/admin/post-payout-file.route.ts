import { ApiResponse, ok, PayoutFile } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { makePayoutFile, payoutFileView } from '../../payouts';

/** POST /api/admin/payouts/files/: a SEPA credit-transfer file of every approved payout (each paying the balance now). */
export default function postPayoutFile(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/payouts/files/',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Make a payout file of the approved payouts', response: { 200: ApiResponse(PayoutFile) } } },
    async (request) => ok(await payoutFileView(app.db, ctx, await makePayoutFile(app.db, ctx, request.user, request.log))),
  );
}
