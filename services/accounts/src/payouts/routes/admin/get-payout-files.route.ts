import { ApiResponse, ok, PayoutFilesResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { payoutFileModel, type PayoutFileDoc } from '../../models/payout-file.model';
import { payoutFileSummary } from '../../payouts';

/** GET /api/admin/payouts/files/: the payout files, newest first. */
export default function getPayoutFiles(app: ServiceApp) {
  app.get(
    '/api/admin/payouts/files/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Payout files', response: { 200: ApiResponse(PayoutFilesResult) } } },
    async () => {
      const docs = (await payoutFileModel(app.db).find({}, { xml: 0 }).sort({ createdAt: -1 }).limit(100).lean()) as PayoutFileDoc[];
      return ok({ items: docs.map(payoutFileSummary) });
    },
  );
}
