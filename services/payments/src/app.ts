import { auditClient, createQueue, createRedis, createServiceApp, ensureIndexes, internalClient, keepUp, type ServiceApp } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { PaymentsEnv } from './config';
import { IdealDays } from './ideal-admin/ideal-days';
import { registerIdealAuditCheck } from './ideal-admin/ideal-payment-view';
import { createIdealProvider } from './ideal/create-ideal-provider';
import { StandinIdealProvider } from './ideal/standin-ideal-provider';
import { IDEAL_STATUS_QUEUE, type IdealStatusData } from './jobs/ideal-status.job';
import { TERMINAL_POLL_QUEUE, type TerminalPollData } from './jobs/terminal-poll.job';
import { cardTransactionModel } from './models/card-transaction.model';
import { idealDayModel } from './models/ideal-day.model';
import { idealPaymentModel } from './models/ideal-payment.model';
import type { PaymentsContext, PaymentsDeps } from './payments-context';
import getAccountUpgrade from './routes/account/get-upgrade.route';
import postAccountUpgrade from './routes/account/post-upgrade.route';
import getIdealPayments from './routes/admin/get-ideal-payments.route';
import postIdealCheck from './routes/admin/post-ideal-check.route';
import getStandinTerminal from './routes/admin/get-standin-terminal.route';
import putStandinTerminal from './routes/admin/put-standin-terminal.route';
import postTerminalTransaction from './routes/internal/post-terminal-transaction.route';
import postIdealWebhook from './routes/payments/post-webhook.route';
import standinBank, { postWebhook } from './routes/payments/standin-bank.route';
import getCardStatus from './routes/transactions/get-card-status.route';
import { createTerminal } from './terminal/create-terminal';

const routes = [postTerminalTransaction, getCardStatus, putStandinTerminal, getStandinTerminal, postAccountUpgrade, getAccountUpgrade, postIdealWebhook, getIdealPayments, postIdealCheck];

/** The payments service: card terminals and online top-ups (iDEAL). `deps` replaces any of its parts (tests). */
export async function buildPaymentsApp(env: PaymentsEnv, db: Connection, deps: Partial<PaymentsDeps> = {}): Promise<ServiceApp> {
  cardTransactionModel(db);
  idealPaymentModel(db);
  idealDayModel(db);
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
  const ideal = deps.ideal ?? createIdealProvider(env, redis);
  const idealQueue = deps.idealQueue ?? createQueue<IdealStatusData>(IDEAL_STATUS_QUEUE, redis, env.QUEUE_PREFIX);
  app.addHook('onClose', async () => {
    if (!deps.idealQueue) await idealQueue.close();
    if (!deps.pollQueue) await pollQueue.close();
    if (!deps.terminal) await terminal.close();
    redis.disconnect();
  });
  const ctx: PaymentsContext = {
    env,
    db,
    terminal,
    pollQueue,
    ideal,
    idealQueue,
    accounts: deps.accounts ?? internalClient(env.ACCOUNTS_URL, env.INTERNAL_TOKEN),
    deliverWebhook: deps.deliverWebhook ?? postWebhook,
    audit: deps.audit ?? auditClient(env.ACCOUNTS_URL, env.INTERNAL_TOKEN, { service: 'payments', outbox: db }),
    idealDays: new IdealDays(db),
  };
  keepUp(app, 'iDEAL days', () => ctx.idealDays.migrate().then(() => ctx.idealDays.countClosedDays()), () => ctx.idealDays.countClosedDays());
  registerIdealAuditCheck(db, ctx.audit);
  app.addHook('onClose', () => ctx.audit.close());
  for (const route of routes) route(app, ctx);
  if (ideal instanceof StandinIdealProvider) standinBank(app, ctx, ideal);
  return app;
}
