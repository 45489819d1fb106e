import { IdParam } from '@kassa/contracts';
import { AppError, heldTransition, type ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';
import { BATCH_ENTITY, loadBatch, requirePrenotice } from '../../batches';
import { directDebitFileModel } from '../../models/direct-debit-batch.model';
import { PAIN_FORMATS } from '../../pain008';
import { directDebitDeps, type PaymentsContext } from '../../../context';

const FileQuery = z.object({ format: z.enum(PAIN_FORMATS as [string, ...string[]]).default('pain.008.001.02') });

/**
 * GET /api/admin/direct_debit/{id}/file: the stored pain.008 file (the same bytes at every download). A cancelled batch
 * (or one being cancelled) is not to be sent to the bank, nor one whose members were not told in time: 409 with the reason.
 */
export default function getDirectDebitFile(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/direct_debit/:id/file',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Download the pain.008 file of a batch (XML)', params: IdParam, querystring: FileQuery } },
    async (request, reply) => {
      const batch = await loadBatch(ctx.db, request.params.id);
      const cancelling = batch.status === 'open' && (await heldTransition(ctx.db, { entity: BATCH_ENTITY, id: String(batch._id), from: 'open' }))?.to === 'cancelled';
      if (batch.status === 'cancelled' || cancelling) {
        throw new AppError(409, 'conflict', 'This batch was cancelled: its file must not be sent to the bank. Make a new batch to collect these debts.');
      }
      // The file is what goes to the bank: not before the members were told, early enough (SEPA pre-notification).
      await requirePrenotice(directDebitDeps(ctx), batch);
      if (batch.fileStatus === 'failed') throw new AppError(409, 'conflict', `The file could not be written: ${batch.fileError ?? 'unknown error'}`);
      const file = await directDebitFileModel(ctx.db).findOne({ batchId: String(batch._id), format: request.query.format }).lean();
      if (!file) throw new AppError(409, 'conflict', 'The file is still being written. Try again in a moment.');
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="kassa-${batch.collectionDate}-${batch.msgId}.${request.query.format}.xml"`)
        .header('x-content-sha256', file.sha256)
        .send(file.xml);
    },
  );
}
