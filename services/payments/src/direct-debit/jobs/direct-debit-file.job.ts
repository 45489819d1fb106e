import { createHash } from 'node:crypto';
import { isDuplicateKey } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { DirectDebitFileData } from '../batches';
import { directDebitBatchModel, directDebitFileModel, type DirectDebitBatchDoc } from '../models/direct-debit-batch.model';
import { PAIN_FORMATS, writePain008 } from '../pain008';

/** "2026-11-24" as "24-11-2026" for the remittance line. */
const dutchDate = (day: string) => day.split('-').reverse().join('-');

/**
 * Writes a batch's pain.008 files (.001.02, which Dutch banks take, and .001.08) from the batch's own snapshot and
 * stores them, so every download gives the same bytes. Safe to run again: stored files are kept as they are. The batch
 * reads as ready once both are stored (withRecords in ../batches.ts); this job does not write the batch then, as an
 * update at the same moment as another (the pre-notification, a cancel) could undo the other on FerretDB. A file the
 * library refuses, or whose totals differ from the batch in cents, marks the batch's file failed with the reason.
 */
export function directDebitFileProcessor(deps: { db: Connection; log: Logger }) {
  return async (job: { data: DirectDebitFileData }): Promise<string> => {
    const Batch = directDebitBatchModel(deps.db);
    const batch = (await Batch.findById(job.data.batchId).lean()) as DirectDebitBatchDoc | null;
    // Queued right after the batch was stored: not found means not readable here yet; the job's retries ask again.
    if (!batch) throw new Error(`direct-debit batch ${job.data.batchId} not found (yet)`);
    if (batch.fileStatus === 'ready') return 'ready';
    let files: { format: string; xml: string }[];
    try {
      files = PAIN_FORMATS.map((format) => ({
        format,
        xml: writePain008({
          format,
          msgId: batch.msgId,
          createdAt: batch.createdAt,
          collectionDate: batch.collectionDate,
          creditor: { name: batch.creditor.name ?? '', iban: batch.creditor.iban ?? '', bic: batch.creditor.bic ?? '', creditorId: batch.creditor.creditorId ?? '' },
          debits: batch.debits.map((d, i) => ({
            txId: String(i + 1),
            endToEndId: d.endToEndId,
            name: d.name,
            iban: d.iban,
            bic: d.bic ?? '',
            mandateId: d.mandateId,
            mandateSignedAt: d.mandateSignedAt,
            amount: d.amount,
            remittance: `${batch.creditor.name ?? ''} balance up to ${dutchDate(batch.cutoff)}`,
          })),
        }),
      }));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.log.error({ batchId: job.data.batchId, err: message }, 'direct-debit file refused');
      await Batch.updateOne({ _id: batch._id }, { $set: { fileStatus: 'failed', fileError: message } });
      return 'failed';
    }
    const File = directDebitFileModel(deps.db);
    for (const f of files) {
      try {
        await File.create({ batchId: String(batch._id), format: f.format, xml: f.xml, sha256: createHash('sha256').update(f.xml).digest('hex') });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    return 'ready';
  };
}
