import { connectMongo, listen } from '@kassa/service-kit';
import { buildCheckoutApp } from './app';
import { loadCheckoutConfig } from './config';

const env = loadCheckoutConfig();
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_checkout`);
const app = await buildCheckoutApp(env, db);
await listen(app, env.PORT, env.HOST);
