import { ApiResponse, IdParam, ok, PayoutFile } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { payoutFileModel, type PayoutFileDoc } from '../../models/payout-file.model';
import { payoutFileView } from '../../payouts';

/** GET /api/admin/payouts/files/{id}: one file with its payouts. */
export default function getPayoutFile(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/payouts/files/:id',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'A payout file', params: IdParam, response: { 200: ApiResponse(PayoutFile) } } },
    async (request) => {
      const doc = (await payoutFileModel(app.db).findById(request.params.id, { xml: 0 }).lean()) as PayoutFileDoc | null;
      if (!doc) throw new AppError(404, 'not_found', 'Payout file not found.');
      return ok(await payoutFileView(app.db, ctx, doc));
    },
  );
}
