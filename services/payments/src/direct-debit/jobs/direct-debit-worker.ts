import { startQueueWorker } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { PaymentsEnv } from '../../config';
import { DIRECT_DEBIT_FILE_QUEUE, FILE_JOB_RETRIES, type DirectDebitFileData } from '../batches';
import { directDebitBatchModel } from '../models/direct-debit-batch.model';
import { directDebitFileProcessor } from './direct-debit-file.job';

/** Writes direct-debit files (src/worker.ts runs it; tests run it in-process). On start it picks up batches still waiting. */
export async function startDirectDebitWorker(env: PaymentsEnv, db: Connection, log: Logger) {
  return startQueueWorker<DirectDebitFileData>(DIRECT_DEBIT_FILE_QUEUE, env, log, {
    processor: () => directDebitFileProcessor({ db, log }),
    worker: { concurrency: 1 },
    resume: async (queue) => {
      const waiting = await directDebitBatchModel(db).find({ fileStatus: 'pending', status: { $ne: 'cancelled' } }, { _id: 1 }).lean();
      for (const b of waiting) await queue.add('write', { batchId: String(b._id) }, { jobId: `file-${String(b._id)}-restart`, ...FILE_JOB_RETRIES });
    },
  });
}
