import { connectMongo, listen } from '@kassa/service-kit';
import { buildPaymentsApp } from './app';
import { loadPaymentsConfig } from './config';

const env = loadPaymentsConfig();
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_payments`);
const app = await buildPaymentsApp(env, db);
await listen(app, env.PORT, env.HOST);
