import { viewCheck } from '@kassa/service-kit';
import type { PaymentsContext } from '../context';
import { BATCH_ENTITY, batchSummary, withRecords } from './batches';
import { directDebitBatchModel, type DirectDebitBatchDoc } from './models/direct-debit-batch.model';

/** How the audit relay tells whether a batch change whose entry was left pending happened: the batch as it is now. */
export function registerDirectDebitAuditCheck(ctx: Pick<PaymentsContext, 'db' | 'audit'>) {
  ctx.audit.check(
    BATCH_ENTITY,
    viewCheck(async (id) => {
      const doc = (await directDebitBatchModel(ctx.db).findById(id).lean()) as DirectDebitBatchDoc | null;
      return doc && batchSummary((await withRecords(ctx.db, [doc]))[0]!);
    }),
  );
}
