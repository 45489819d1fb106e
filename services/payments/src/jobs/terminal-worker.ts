import { createQueue, createRedis, createWorker, internalClient, serviceUrls, type InternalClient } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { PaymentsEnv } from '../config';
import { cardTransactionModel } from '../models/card-transaction.model';
import type { CardTerminal } from '../terminal/card-terminal';
import { createTerminal } from '../terminal/create-terminal';
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
  const workerRedis = createRedis(env.REDIS_URL, { forWorker: true });
  const redis = createRedis(env.REDIS_URL, { forWorker: true });
  const terminal = deps.terminal ?? createTerminal(env, redis);
  const checkout = deps.checkout ?? internalClient(serviceUrls(env, 'checkout'), env.INTERNAL_TOKEN);
  const queue = createQueue<TerminalPollData>(TERMINAL_POLL_QUEUE, redis, env.QUEUE_PREFIX);
  const worker = createWorker<TerminalPollData>(
    TERMINAL_POLL_QUEUE,
    terminalPollProcessor({ env, db, terminal, checkout, log }),
    workerRedis,
    env.QUEUE_PREFIX,
    log,
    // A poll takes well under a second; short locks let a restarted worker take over the jobs a killed one held
    // within seconds instead of BullMQ's default 30 s lock plus 30 s stall check.
    { concurrency: 16, lockDuration: 10_000, stalledInterval: 5_000 },
  );

  const open = await cardTransactionModel(db).find({ reportedAt: null, terminalRef: { $ne: null } }, { transactionId: 1 }).lean();
  for (const ct of open) await ensurePollJob(queue, ct.transactionId, 0);
  if (open.length > 0) log.info({ count: open.length }, 'resumed card payments');

  return {
    worker,
    queue,
    async close() {
      await worker.close();
      await queue.close();
      if (!deps.terminal) await terminal.close();
      workerRedis.disconnect();
      redis.disconnect();
    },
  };
}
