import { internalClient, serviceUrls, startQueueWorker, type InternalClient } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { PaymentsEnv } from '../../config';
import { createIdealProvider } from '../create-ideal-provider';
import type { IdealProvider } from '../ideal-provider';
import { idealPaymentModel } from '../models/ideal-payment.model';
import { enqueueIdealCheck, IDEAL_STATUS_QUEUE, idealStatusProcessor, type IdealStatusData } from './ideal-status.job';

export interface IdealWorkerDeps {
  provider?: IdealProvider;
  accounts?: InternalClient;
}

const DAY = 86_400_000;

/**
 * The online top-up worker (src/worker.ts runs it; tests run it in-process). On start it checks again every paid
 * payment not yet credited and every open one of the last day, so a callback that arrived while it was down, or a
 * ledger that was unreachable, still ends in a credited top-up.
 */
export async function startIdealWorker(env: PaymentsEnv, db: Connection, log: Logger, deps: IdealWorkerDeps = {}) {
  idealPaymentModel(db);
  const accounts = deps.accounts ?? internalClient(serviceUrls(env, 'accounts'), env.INTERNAL_TOKEN);
  return startQueueWorker<IdealStatusData>(IDEAL_STATUS_QUEUE, env, log, {
    processor: (redis) => idealStatusProcessor({ db, provider: deps.provider ?? createIdealProvider(env, redis), accounts, log }),
    worker: { concurrency: 8 },
    resume: async (queue) => {
      const unfinished = await idealPaymentModel(db)
        .find(
          {
            $or: [
              { status: 'paid', creditedAt: null, error: null },
              { status: { $in: ['open', 'pending'] }, createdAt: { $gte: new Date(Date.now() - DAY) } },
            ],
          },
          { _id: 1 },
        )
        .lean();
      for (const p of unfinished) await enqueueIdealCheck(queue, String(p._id), { dedupe: true });
      if (unfinished.length > 0) log.info({ count: unfinished.length }, 'checking unfinished iDEAL payments');
    },
  });
}
