import { connectMongo, ensureIndexes, runUntilSignal } from '@kassa/service-kit';
import { pino } from 'pino';
import { loadAccountsConfig } from './config';
import { startAccountsWorker } from './jobs/accounts-worker';
import { registerAccountsModels } from './models/all-models';

const env = loadAccountsConfig();
const log = pino({ level: env.LOG_LEVEL, base: { service: 'accounts-worker' } });
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_accounts`);
registerAccountsModels(db);
await ensureIndexes(db);
const worker = await startAccountsWorker(env, db, log);
runUntilSignal('accounts-worker', async () => {
  await worker.close();
  await db.close();
}, { heartbeatFile: env.HEARTBEAT_FILE });
