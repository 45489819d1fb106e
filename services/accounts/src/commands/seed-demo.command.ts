/**
 * The demo users, registers and accounts on an empty accounts database (`npm start` and `npm run dev` run it before
 * the services start, scripts/lib/supervisor.ts; a training installation runs `node
 * services/accounts/dist/commands/seed-demo.command.js` in the accounts image). Does nothing when KASSA_SEED_DEMO says
 * no (production's default) or users exist. Uses MONGODB_URI / MONGODB_DB_PREFIX like the service.
 */
import { connectMongo, ensureIndexes, seedsDemo } from '@kassa/service-kit';
import { loadAccountsConfig } from '../config';
import { seedAccountsDemo } from '../demo/seed-demo';
import { registerAccountsModels } from '../models/all-models';

const env = loadAccountsConfig();
if (seedsDemo(env)) {
  const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_accounts`);
  try {
    registerAccountsModels(db);
    await ensureIndexes(db);
    if (await seedAccountsDemo(db, env.PIN_PEPPER)) process.stdout.write('[accounts] seeded demo users and accounts\n');
  } finally {
    await db.close();
  }
}
