import { connectMongo, listen } from '@kassa/service-kit';
import { buildAccountsApp } from './app';
import { loadAccountsConfig } from './config';

const env = loadAccountsConfig();
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_accounts`);
const app = await buildAccountsApp(env, db);
await listen(app, env.PORT, env.HOST);
// Read the till's account list now rather than on the first till's request.
app.accounts.directory.list().catch((err: unknown) => app.log.warn({ err }, 'could not preload the account list'));
