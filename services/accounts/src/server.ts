import { connectMongo, listen, seedsDemo } from '@kassa/service-kit';
import { buildAccountsApp } from './app';
import { loadAccountsConfig } from './config';
import { seedAccountsDemo } from './demo/seed-demo';

const env = loadAccountsConfig();
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_accounts`);
const app = await buildAccountsApp(env, db);
if (seedsDemo(env) && (await seedAccountsDemo(db, env.PIN_PEPPER))) app.log.info('seeded demo users and accounts');
await listen(app, env.PORT, env.HOST);
// Read the till's account list now rather than on the first till's request.
app.accounts.directory.list().catch((err: unknown) => app.log.warn({ err }, 'could not preload the account list'));
