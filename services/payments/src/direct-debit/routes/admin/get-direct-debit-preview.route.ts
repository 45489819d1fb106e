import { ApiResponse, DirectDebitBatchBody, DirectDebitPreview, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { previewBatch } from '../../batches';
import { directDebitDeps, type PaymentsContext } from '../../../context';

/** GET /api/admin/direct_debit/preview?collectionDate=&cutoff=: who a new batch would include and skip; changes nothing. */
export default function getDirectDebitPreview(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/direct_debit/preview',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Preview a direct-debit batch', querystring: DirectDebitBatchBody, response: { 200: ApiResponse(DirectDebitPreview) } },
    },
    async (request) => ok(await previewBatch(directDebitDeps(ctx), request.query)),
  );
}
