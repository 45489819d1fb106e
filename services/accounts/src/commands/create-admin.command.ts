/**
 * `npm run create-admin -- <username>` (production: `node services/accounts/dist/commands/create-admin.command.js
 * <username>` in the accounts image): makes an administrator who signs in with a password. The password is read from
 * KASSA_ADMIN_PASSWORD or, without it, from the first line of standard input, so it stays out of the shell history.
 * Uses MONGODB_URI / MONGODB_DB_PREFIX like the services. Exits 1 when refused (taken username, bad input).
 */
import { connectMongo } from '@kassa/service-kit';
import { createInterface } from 'node:readline';
import { loadAccountsConfig } from '../config';
import { registerAccountsModels } from '../models/all-models';
import { createAdmin, CreateAdminRefused } from '../identity/users/create-admin';

async function readPassword(): Promise<string> {
  const fromEnv = process.env.KASSA_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write('Password (at least 8 characters): ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

const username = process.argv[2];
if (!username) {
  process.stderr.write('Usage: create-admin <username>   (password from KASSA_ADMIN_PASSWORD or the first line of standard input)\n');
  process.exit(2);
}
const env = loadAccountsConfig();
const password = await readPassword();
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_accounts`);
registerAccountsModels(db);
let exitCode = 0;
try {
  const made = await createAdmin(db, { username, password });
  process.stdout.write(`Administrator ${made.username} made (id ${made.id}). Sign in at the site and set up two-factor sign-in.\n`);
} catch (err) {
  if (!(err instanceof CreateAdminRefused)) throw err;
  process.stderr.write(`Not made: ${err.message}\n`);
  exitCode = 1;
} finally {
  await db.close();
}
process.exit(exitCode);
