import { startQueueWorker } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { PaymentsEnv } from '../../config';
import { DIRECT_DEBIT_FILE_QUEUE, FILE_JOB_RETRIES, withFiles, type DirectDebitFileData } from '../batches';
import { directDebitBatchModel } from '../models/direct-debit-batch.model';
import { directDebitFileProcessor } from './direct-debit-file.job';

/** Writes direct-debit files (src/worker.ts runs it; tests run it in-process). On start it picks up batches still waiting. */
export async function startDirectDebitWorker(env: PaymentsEnv, db: Connection, log: Logger) {
  return startQueueWorker<DirectDebitFileData>(DIRECT_DEBIT_FILE_QUEUE, env, log, {
    processor: () => directDebitFileProcessor({ db, log }),
    worker: { concurrency: 1 },
    resume: async (queue) => {
      // Only an open batch needs its file (one is collected once its file is there); its stored fileStatus stays
      // pending once the files are written (they say so), so those with files are left out.
      const open = (await directDebitBatchModel(db).find({ status: 'open', fileStatus: 'pending' }, { _id: 1 }).lean()).map((b) => String(b._id));
      const written = await withFiles(db, open);
      for (const id of open.filter((b) => !written.has(b))) await queue.add('write', { batchId: id }, { jobId: `file-${id}-restart`, ...FILE_JOB_RETRIES });
    },
  });
}
