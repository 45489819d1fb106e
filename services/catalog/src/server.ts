import { connectMongo, listen } from '@kassa/service-kit';
import { buildCatalogApp } from './app';
import { loadCatalogConfig } from './config';

const env = loadCatalogConfig();
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_catalog`);
const app = await buildCatalogApp(env, db);
await listen(app, env.PORT, env.HOST);
