import type { DirectDebitSettled } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { withRecords } from './batches';
import { directDebitBatchModel, type DirectDebitBatchDoc } from './models/direct-debit-batch.model';

/**
 * The last cut-off up to which a batch collects (open) or collected an account's debt, its debit not failed (null
 * when none does): an invoice leaves out the account's sales up to it, one debt, one route. And the account's debit in
 * the open batch, if any. Batches are few (one a month), so they are read whole.
 */
export async function settledThrough(db: Connection, accountId: string): Promise<DirectDebitSettled> {
  const batches = (await directDebitBatchModel(db)
    .find({ status: { $in: ['open', 'collected'] } }, { cutoff: 1, status: 1, collectionDate: 1, debits: 1 })
    .lean()) as DirectDebitBatchDoc[];
  const out: DirectDebitSettled = { through: null, open: null };
  for (const b of await withRecords(db, batches)) {
    const debit = b.debits.find((d) => d.accountId === accountId);
    if (!debit || debit.status === 'failed') continue;
    if (out.through === null || b.cutoff > out.through) out.through = b.cutoff;
    if (b.status === 'open') out.open = { collectionDate: b.collectionDate, cutoff: b.cutoff, amount: debit.amount };
  }
  return out;
}
