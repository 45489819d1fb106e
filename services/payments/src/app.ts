import { auditClient, dayRegisterModel, createQueue, createRedis, redisReady, createServiceApp, registerRoutes, ensureIndexes, internalClient, serviceUrls, serviceUpkeep, viewCheck, type ServiceApp } from '@kassa/service-kit';
import { exportView } from './accounting/export-views';
import { createExactProvider } from './accounting/exact/create-exact-provider';
import { ExactConnections } from './accounting/exact/exact-connection';
import { TokenBox } from './accounting/exact/token-box';
import { ACCOUNTING_EXPORT_QUEUE, type AccountingExportData } from './accounting/jobs/accounting-export.job';
import { accountingExportModel, type AccountingExportDoc } from './accounting/models/accounting-export.model';
import { bookedDayModel } from './accounting/models/booked-day.model';
import { exactConnectionModel } from './accounting/models/exact-connection.model';
import type { Connection } from 'mongoose';
import type { PaymentsEnv } from './config';
import { IdealDays } from './ideal/ideal-days';
import { registerIdealAuditCheck } from './ideal/ideal-payment-view';
import { createIdealProvider } from './ideal/create-ideal-provider';
import { IDEAL_STATUS_QUEUE, type IdealStatusData } from './ideal/jobs/ideal-status.job';
import { TERMINAL_POLL_QUEUE, type TerminalPollData } from './terminal/jobs/terminal-poll.job';
import { DIRECT_DEBIT_FILE_QUEUE, type DirectDebitFileData } from './direct-debit/batches';
import { registerDirectDebitAuditCheck } from './direct-debit/audit-check';
import { directDebitBatchModel, directDebitFailureModel, directDebitFileModel } from './direct-debit/models/direct-debit-batch.model';
import { cardTransactionModel } from './terminal/models/card-transaction.model';
import { idealPaymentModel } from './ideal/models/ideal-payment.model';
import type { PaymentsContext, PaymentsDeps } from './context';
import { postWebhook } from './ideal/routes/payments/standin-bank.route';
import { createTerminal } from './terminal/create-terminal';


/** The payments service: card terminals and online top-ups (iDEAL). `deps` replaces any of its parts (tests). */
export async function buildPaymentsApp(env: PaymentsEnv, db: Connection, deps: Partial<PaymentsDeps> = {}): Promise<ServiceApp> {
  cardTransactionModel(db);
  idealPaymentModel(db);
  exactConnectionModel(db);
  accountingExportModel(db);
  bookedDayModel(db);
  directDebitBatchModel(db);
  directDebitFileModel(db);
  directDebitFailureModel(db);
  dayRegisterModel(db, 'IdealDay');
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
  // The terminal and the iDEAL stand-in send commands straight away; while Redis is away the service starts anyway and
  // answers 503 until it is back (/ready says so).
  if (!(await redisReady(redis))) app.log.warn('redis not reachable yet; card and iDEAL requests answer 503 until it is');
  const terminal = deps.terminal ?? createTerminal(env, redis);
  const pollQueue = deps.pollQueue ?? createQueue<TerminalPollData>(TERMINAL_POLL_QUEUE, redis, env.QUEUE_PREFIX);
  const ideal = deps.ideal ?? createIdealProvider(env, redis);
  const idealQueue = deps.idealQueue ?? createQueue<IdealStatusData>(IDEAL_STATUS_QUEUE, redis, env.QUEUE_PREFIX);
  const exact = deps.exact ?? createExactProvider(env, redis);
  const exportQueue = deps.exportQueue ?? createQueue<AccountingExportData>(ACCOUNTING_EXPORT_QUEUE, redis, env.QUEUE_PREFIX);
  const audit = deps.audit ?? auditClient(serviceUrls(env, 'accounts'), env.INTERNAL_TOKEN, { service: 'payments', outbox: db });
  const now = deps.now ?? (() => new Date());
  const directDebitQueue = deps.directDebitQueue ?? createQueue<DirectDebitFileData>(DIRECT_DEBIT_FILE_QUEUE, redis, env.QUEUE_PREFIX);
  app.addHook('onClose', async () => {
    if (!deps.audit) await audit.close();
    if (!deps.exportQueue) await exportQueue.close();
    if (!deps.idealQueue) await idealQueue.close();
    if (!deps.directDebitQueue) await directDebitQueue.close();
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
    accounts: deps.accounts ?? internalClient(serviceUrls(env, 'accounts'), env.INTERNAL_TOKEN),
    deliverWebhook: deps.deliverWebhook ?? postWebhook,
    exact,
    exportQueue,
    checkout: deps.checkout ?? internalClient(serviceUrls(env, 'checkout'), env.INTERNAL_TOKEN),
    catalog: deps.catalog ?? internalClient(serviceUrls(env, 'catalog'), env.INTERNAL_TOKEN),
    audit,
    now,
    directDebitQueue,
    idealDays: new IdealDays(db),
    exactConnections: new ExactConnections(db, exact, new TokenBox(env.EXACT_TOKEN_KEY), now),
  };
  audit.check('exact_connection', viewCheck(async () => ctx.exactConnections.view()));
  audit.check(
    'accounting_export',
    viewCheck(async (id) => {
      const doc = (await accountingExportModel(db).findById(id).lean()) as AccountingExportDoc | null;
      return doc && exportView(doc);
    }),
  );
  registerDirectDebitAuditCheck(ctx);
  serviceUpkeep(app, env, 'payments').keep('iDEAL days', () => ctx.idealDays.migrate().then(() => ctx.idealDays.countClosedDays()), () => ctx.idealDays.countClosedDays());
  registerIdealAuditCheck(db, ctx.audit);
  // One folder per rail, each with its routes.
  for (const rail of ['./terminal/', './ideal/', './direct-debit/', './accounting/']) await registerRoutes(app, new URL(`${rail}routes/`, import.meta.url), ctx);
  return app;
}
