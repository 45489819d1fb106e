import { connectMongo, listen, seedsDemo } from '@kassa/service-kit';
import { buildCatalogApp } from './app';
import { loadCatalogConfig } from './config';
import { seedCatalogDemo } from './demo/seed-demo';

const env = loadCatalogConfig();
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_catalog`);
const app = await buildCatalogApp(env, db);
if (seedsDemo(env) && (await seedCatalogDemo(db))) app.log.info('seeded demo catalog');
await listen(app, env.PORT, env.HOST);
