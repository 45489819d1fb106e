import { createQueue, createRedis, createServiceApp, ensureIndexes, type ServiceApp } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { PaymentsEnv } from './config';
import { TERMINAL_POLL_QUEUE, type TerminalPollData } from './jobs/terminal-poll.job';
import { cardTransactionModel } from './models/card-transaction.model';
import type { PaymentsContext, PaymentsDeps } from './payments-context';
import getStandinTerminal from './routes/admin/get-standin-terminal.route';
import putStandinTerminal from './routes/admin/put-standin-terminal.route';
import postTerminalTransaction from './routes/internal/post-terminal-transaction.route';
import getCardStatus from './routes/transactions/get-card-status.route';
import { createTerminal } from './terminal/create-terminal';

const routes = [postTerminalTransaction, getCardStatus, putStandinTerminal, getStandinTerminal];

/** The payments service: card terminals. `deps` replaces the terminal or the polling queue (tests). */
export async function buildPaymentsApp(env: PaymentsEnv, db: Connection, deps: Partial<PaymentsDeps> = {}): Promise<ServiceApp> {
  cardTransactionModel(db);
  await ensureIndexes(db);
  const redis = createRedis(env.REDIS_URL);
  const app = await createServiceApp({
    name: 'payments',
    env,
    db,
    ready: async () => {
      await redis.ping();
    },
  });
  redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'redis error'));
  const terminal = deps.terminal ?? createTerminal(env, redis);
  const pollQueue = deps.pollQueue ?? createQueue<TerminalPollData>(TERMINAL_POLL_QUEUE, redis, env.QUEUE_PREFIX);
  app.addHook('onClose', async () => {
    if (!deps.pollQueue) await pollQueue.close();
    if (!deps.terminal) await terminal.close();
    redis.disconnect();
  });
  const ctx: PaymentsContext = { env, db, terminal, pollQueue };
  for (const route of routes) route(app, ctx);
  return app;
}
