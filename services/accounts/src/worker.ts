import { connectMongo, ensureIndexes, internalClient, runUntilSignal, serviceUrls } from '@kassa/service-kit';
import { pino } from 'pino';
import { loadAccountsConfig } from './config';
import { startAccountsWorker } from './ledger/jobs/accounts-worker';
import { registerAccountsModels } from './models/all-models';
import { startNoticesWorker } from './notices/jobs/notices-worker';

const env = loadAccountsConfig();
const log = pino({ level: env.LOG_LEVEL, base: { service: 'accounts-worker' } });
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_accounts`);
registerAccountsModels(db);
await ensureIndexes(db);
// The audit also checks the direct-debit batches against their postings.
const worker = await startAccountsWorker(env, db, log, { payments: internalClient(serviceUrls(env, 'payments'), env.INTERNAL_TOKEN) });
// Mails to members (notices/), sent through SMTP_URL.
const notices = await startNoticesWorker(env, db, log);
runUntilSignal('accounts-worker', async () => {
  await notices.close();
  await worker.close();
  await db.close();
}, { heartbeatFile: env.HEARTBEAT_FILE });
