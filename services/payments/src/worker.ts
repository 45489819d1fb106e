import { connectMongo, runUntilSignal } from '@kassa/service-kit';
import { pino } from 'pino';
import { loadPaymentsConfig } from './config';
import { startAccountingWorker } from './accounting/jobs/accounting-worker';
import { startDirectDebitWorker } from './direct-debit/jobs/direct-debit-worker';
import { startIdealWorker } from './ideal/jobs/ideal-worker';
import { startTerminalWorker } from './terminal/jobs/terminal-worker';

const env = loadPaymentsConfig();
const log = pino({ level: env.LOG_LEVEL, base: { service: 'payments-worker' } });
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_payments`);
const terminalWorker = await startTerminalWorker(env, db, log);
const idealWorker = await startIdealWorker(env, db, log);
const accountingWorker = await startAccountingWorker(env, db, log);
const directDebitWorker = await startDirectDebitWorker(env, db, log);
runUntilSignal('payments-worker', async () => {
  await terminalWorker.close();
  await idealWorker.close();
  await accountingWorker.close();
  await directDebitWorker.close();
  await db.close();
}, { heartbeatFile: env.HEARTBEAT_FILE });
