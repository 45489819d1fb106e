import { internalClient, serviceUrls, startQueueWorker, type InternalClient } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { AccountsEnv } from '../../config';
import { LEDGER_AUDIT_QUEUE, LEDGER_AUDIT_SCHEDULER, ledgerAuditProcessor, type LedgerAuditJobData } from './ledger-audit.job';
import { POS_WRAPPED_QUEUE, POS_WRAPPED_SCHEDULER, posWrappedProcessor } from './pos-wrapped.job';

export interface AccountsWorkerDeps {
  checkout?: InternalClient;
  /** Payments' internal client for the audit's batch check (src/worker.ts passes it; tests without payments leave it out). */
  payments?: InternalClient | null;
  now?: () => Date;
  graceMs?: number;
}

/**
 * The accounts background work (src/worker.ts runs it as a process; tests run it in-process): the hourly ledger
 * self-audit, and POS Wrapped worked out every six hours (POS_WRAPPED_EVERY_MS; and when a member's page finds this year missing). The
 * schedulers are upserted on every start, so changing LEDGER_AUDIT_EVERY_MS takes effect on restart and several
 * worker replicas share one schedule.
 */
export async function startAccountsWorker(env: AccountsEnv, db: Connection, log: Logger, deps: AccountsWorkerDeps = {}) {
  const checkout = deps.checkout ?? internalClient(serviceUrls(env, 'checkout'), env.INTERNAL_TOKEN);
  // One run at a time; a run over a large ledger may take minutes. A failed run is not retried: the next one checks
  // everything again.
  const oneAtATime = { concurrency: 1, lockDuration: 10 * 60_000 };
  const audit = await startQueueWorker<LedgerAuditJobData>(LEDGER_AUDIT_QUEUE, env, log, {
    processor: () =>
      ledgerAuditProcessor({ db, checkout, payments: deps.payments ?? null, log, salesDays: env.LEDGER_AUDIT_SALES_DAYS, now: deps.now, graceMs: deps.graceMs }),
    worker: oneAtATime,
    resume: async (queue) => {
      await queue.upsertJobScheduler(
        LEDGER_AUDIT_SCHEDULER,
        { every: env.LEDGER_AUDIT_EVERY_MS },
        { name: 'ledger-audit', data: { trigger: 'schedule' }, opts: { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } } },
      );
    },
  });
  const wrapped = await startQueueWorker(POS_WRAPPED_QUEUE, env, log, {
    processor: () => posWrappedProcessor({ db, checkout, log, now: deps.now }),
    worker: oneAtATime,
    resume: async (queue) => {
      await queue.upsertJobScheduler(
        POS_WRAPPED_SCHEDULER,
        { every: env.POS_WRAPPED_EVERY_MS },
        { name: 'pos-wrapped', data: {}, opts: { attempts: 1, removeOnComplete: { count: 20 }, removeOnFail: { count: 20 } } },
      );
    },
  });
  return {
    queue: audit.queue,
    worker: audit.worker,
    async close() {
      await wrapped.close();
      await audit.close();
    },
  };
}
