import { createQueue, createRedis, createWorker } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { PaymentsEnv } from '../config';
import { DIRECT_DEBIT_FILE_QUEUE, type DirectDebitFileData } from '../direct-debit/batches';
import { directDebitBatchModel } from '../direct-debit/direct-debit-batch.model';
import { directDebitFileProcessor } from './direct-debit-file.job';

/** Writes direct-debit files (src/worker.ts runs it; tests run it in-process). On start it picks up batches still waiting. */
export async function startDirectDebitWorker(env: PaymentsEnv, db: Connection, log: Logger) {
  const workerRedis = createRedis(env.REDIS_URL, { forWorker: true });
  const redis = createRedis(env.REDIS_URL, { forWorker: true });
  const queue = createQueue<DirectDebitFileData>(DIRECT_DEBIT_FILE_QUEUE, redis, env.QUEUE_PREFIX);
  const worker = createWorker<DirectDebitFileData>(DIRECT_DEBIT_FILE_QUEUE, directDebitFileProcessor({ db, log }), workerRedis, env.QUEUE_PREFIX, log, { concurrency: 1 });
  const waiting = await directDebitBatchModel(db).find({ fileStatus: 'pending', status: { $ne: 'cancelled' } }, { _id: 1 }).lean();
  for (const b of waiting) await queue.add('write', { batchId: String(b._id) }, { jobId: `file-${String(b._id)}-restart` });
  return {
    worker,
    queue,
    async close() {
      await worker.close();
      await queue.close();
      workerRedis.disconnect();
      redis.disconnect();
    },
  };
}
