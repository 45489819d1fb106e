/**
 * `npm run seed:large`: adds a large data set (default 5,000 accounts and 2,000 products) to the database that
 * `npm start` uses, for benchmarks. Run it while `npm start` runs (or with MONGODB_URI set).
 * Options: SEED_ACCOUNTS=5000 SEED_PRODUCTS=2000.
 */
import { connectMongo } from '@kassa/service-kit';
import { seedLargeAccounts } from '../services/accounts/src/demo/seed-demo';
import { seedLargeCatalog } from '../services/catalog/src/demo/seed-demo';

const uri = process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27017/';
const prefix = process.env.MONGODB_DB_PREFIX ?? 'kassa';
const accounts = Number(process.env.SEED_ACCOUNTS ?? 5000);
const products = Number(process.env.SEED_PRODUCTS ?? 2000);

const catalogDb = await connectMongo(uri, `${prefix}_catalog`);
await seedLargeCatalog(catalogDb, products);
console.log(`added ${products} products`);
await catalogDb.close();

const accountsDb = await connectMongo(uri, `${prefix}_accounts`);
await seedLargeAccounts(accountsDb, accounts);
console.log(`added ${accounts} accounts`);
await accountsDb.close();
