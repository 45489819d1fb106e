import { internalClient, serviceUrls, startQueueWorker, type InternalClient } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { PaymentsEnv } from '../../config';
import { cardTransactionModel } from '../models/card-transaction.model';
import type { CardTerminal } from '../card-terminal';
import { createTerminal } from '../create-terminal';
import { ensurePollJob, TERMINAL_POLL_QUEUE, terminalPollProcessor, type TerminalPollData } from './terminal-poll.job';

export interface TerminalWorkerDeps {
  terminal?: CardTerminal;
  checkout?: InternalClient;
}

/**
 * The terminal-polling worker (src/worker.ts runs it as a process; tests run it in-process). On start it gives every
 * card payment that checkout has not heard the end of a polling job again, so payments left pending while the
 * worker was down are resolved when it returns.
 */
export async function startTerminalWorker(env: PaymentsEnv, db: Connection, log: Logger, deps: TerminalWorkerDeps = {}) {
  cardTransactionModel(db);
  const checkout = deps.checkout ?? internalClient(serviceUrls(env, 'checkout'), env.INTERNAL_TOKEN);
  let terminal: CardTerminal | undefined;
  return startQueueWorker<TerminalPollData>(TERMINAL_POLL_QUEUE, env, log, {
    processor: (redis) => {
      terminal = deps.terminal ?? createTerminal(env, redis);
      return terminalPollProcessor({ env, db, terminal, checkout, log });
    },
    // A poll takes well under a second; short locks let a restarted worker take over the jobs a killed one held
    // within seconds instead of BullMQ's default 30 s lock plus 30 s stall check.
    worker: { concurrency: 16, lockDuration: 10_000, stalledInterval: 5_000 },
    resume: async (queue) => {
      const open = await cardTransactionModel(db).find({ reportedAt: null, terminalRef: { $ne: null } }, { transactionId: 1 }).lean();
      for (const ct of open) await ensurePollJob(queue, ct.transactionId, 0);
      if (open.length > 0) log.info({ count: open.length }, 'resumed card payments');
    },
    onClose: async () => {
      if (!deps.terminal) await terminal?.close();
    },
  });
}
