import { internalClient, serviceUrls, startQueueWorker } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { JournalClients } from '../journal-sources';
import type { PaymentsEnv } from '../../config';
import { createExactProvider } from '../exact/create-exact-provider';
import { ExactConnections } from '../exact/exact-connection';
import type { ExactProvider } from '../exact/exact-provider';
import { TokenBox } from '../exact/token-box';
import { accountingExportModel } from '../models/accounting-export.model';
import { bookedDayModel } from '../models/booked-day.model';
import { exactConnectionModel } from '../models/exact-connection.model';
import { ACCOUNTING_EXPORT_QUEUE, accountingExportProcessor, enqueueExport, type AccountingExportData } from './accounting-export.job';

export interface AccountingWorkerDeps extends Partial<JournalClients> {
  provider?: ExactProvider;
  now?: () => Date;
}

/**
 * The accounting-export worker (src/worker.ts runs it; tests run it in-process). One export at a time, so two exports
 * of one day never book it at once. On start it queues again every export left queued or running (the worker stopped
 * in the middle); the days it booked are recorded and not booked again.
 */
export async function startAccountingWorker(env: PaymentsEnv, db: Connection, log: Logger, deps: AccountingWorkerDeps = {}) {
  exactConnectionModel(db);
  bookedDayModel(db);
  const now = deps.now ?? (() => new Date());
  return startQueueWorker<AccountingExportData>(ACCOUNTING_EXPORT_QUEUE, env, log, {
    processor: (redis) => {
      const provider = deps.provider ?? createExactProvider(env, redis);
      return accountingExportProcessor({
        db,
        provider,
        connections: new ExactConnections(db, provider, new TokenBox(env.EXACT_TOKEN_KEY), now),
        accounts: deps.accounts ?? internalClient(serviceUrls(env, 'accounts'), env.INTERNAL_TOKEN),
        checkout: deps.checkout ?? internalClient(serviceUrls(env, 'checkout'), env.INTERNAL_TOKEN),
        catalog: deps.catalog ?? internalClient(serviceUrls(env, 'catalog'), env.INTERNAL_TOKEN),
        log,
        now,
      });
    },
    worker: { concurrency: 1 },
    resume: async (queue) => {
      const unfinished = await accountingExportModel(db).find({ status: { $in: ['queued', 'running'] } }, { _id: 1, attempts: 1 }).lean();
      for (const e of unfinished) await enqueueExport(queue, String(e._id), e.attempts ?? 1);
    },
  });
}
