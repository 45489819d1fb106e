/**
 * The demo catalogue on an empty catalog database (`npm start` and `npm run dev` run it before the services start,
 * scripts/lib/supervisor.ts; a training installation runs `node services/catalog/dist/commands/seed-demo.command.js`
 * in the catalog image). Does nothing when KASSA_SEED_DEMO says no (production's default) or categories exist.
 */
import { connectMongo, ensureIndexes, seedsDemo } from '@kassa/service-kit';
import { loadCatalogConfig } from '../config';
import { seedCatalogDemo } from '../demo/seed-demo';
import { categoryModel } from '../models/category.model';
import { productModel } from '../models/product.model';
import { reasonModel } from '../models/reason.model';

const env = loadCatalogConfig();
if (seedsDemo(env)) {
  const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_catalog`);
  try {
    categoryModel(db);
    productModel(db);
    reasonModel(db);
    await ensureIndexes(db);
    if (await seedCatalogDemo(db)) process.stdout.write('[catalog] seeded demo catalog\n');
  } finally {
    await db.close();
  }
}
