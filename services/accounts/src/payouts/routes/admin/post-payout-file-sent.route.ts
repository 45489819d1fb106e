import { ApiResponse, IdParam, ok, PayoutFile } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { markPayoutFileSent, payoutFileView } from '../../payouts';

/**
 * POST /api/admin/payouts/files/{id}/sent: the bank has the file. Books each payout once by its key (balance to
 * € 0,00, or the donation), closes the accounts and mails the members; twice at once books once.
 */
export default function postPayoutFileSent(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/payouts/files/:id/sent',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Mark a payout file sent and book its payouts', params: IdParam, response: { 200: ApiResponse(PayoutFile) } } },
    async (request) => ok(await payoutFileView(app.db, ctx, await markPayoutFileSent(app.db, ctx, request.params.id, request.user, request.log))),
  );
}
