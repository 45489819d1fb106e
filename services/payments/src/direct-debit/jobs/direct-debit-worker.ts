import { startQueueWorker } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { PaymentsEnv } from '../../config';
import { DIRECT_DEBIT_FILE_QUEUE, FILE_JOB_RETRIES, withFailures, type DirectDebitFileData } from '../batches';
import { directDebitBatchModel, type DirectDebitBatchDoc } from '../models/direct-debit-batch.model';
import { directDebitFileProcessor } from './direct-debit-file.job';

/** Writes direct-debit files (src/worker.ts runs it; tests run it in-process). On start it picks up batches still waiting. */
export async function startDirectDebitWorker(env: PaymentsEnv, db: Connection, log: Logger) {
  return startQueueWorker<DirectDebitFileData>(DIRECT_DEBIT_FILE_QUEUE, env, log, {
    processor: () => directDebitFileProcessor({ db, log }),
    worker: { concurrency: 1 },
    resume: async (queue) => {
      const pending = await directDebitBatchModel(db).find({ fileStatus: 'pending', status: { $ne: 'cancelled' } }).lean();
      // A batch's stored fileStatus stays pending once its files are written (they say it): only those without them.
      for (const b of await withFailures(db, pending as DirectDebitBatchDoc[])) {
        if (b.fileStatus === 'pending') await queue.add('write', { batchId: String(b._id) }, { jobId: `file-${String(b._id)}-restart`, ...FILE_JOB_RETRIES });
      }
    },
  });
}
