/**
 * `npm run ledger:audit`: audits the ledger of the running local Kassa once (the worker does it every hour), prints
 * the summary and exits 1 when there are differences, 2 when part of the audit could not be done.
 * Uses MONGODB_URI / MONGODB_DB_PREFIX / CHECKOUT_URL like the services (defaults: the local `npm start`).
 * Options: `--days N` checks only the sales of the last N days (default: every sale).
 */
import { connectMongo, internalClient, serviceUrls } from '@kassa/service-kit';
import { pino } from 'pino';
import { loadAccountsConfig } from '../config';
import { registerAccountsModels } from '../models/all-models';
import { describeDifference } from '../ledger/ledger-audit';
import { auditLedgerOnce } from '../ledger/jobs/ledger-audit.job';

const out = (line = '') => process.stdout.write(`${line}\n`);

function daysOption(argv: string[]): number {
  const i = argv.indexOf('--days');
  if (i < 0) return 0;
  const days = Number(argv[i + 1]);
  if (!Number.isInteger(days) || days < 0) throw new Error('--days needs a whole number of days (0 for every sale)');
  return days;
}

const env = loadAccountsConfig();
const days = daysOption(process.argv.slice(2));
const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_accounts`);
registerAccountsModels(db);
let exitCode: number;
try {
  const run = await auditLedgerOnce(
    { db, checkout: internalClient(serviceUrls(env, 'checkout'), env.INTERNAL_TOKEN), payments: internalClient(serviceUrls(env, 'payments'), env.INTERNAL_TOKEN), log: pino({ level: 'silent' }), salesDays: days },
    'command',
  );
  out(`Ledger audit of ${env.MONGODB_DB_PREFIX}_accounts at ${run.finishedAt}`);
  out(`  accounts checked:  ${run.accountsChecked}`);
  out(`  postings checked:  ${run.postingsChecked}`);
  out(`  purchases checked: ${run.purchasesChecked}${run.purchasesSince ? ` (since ${run.purchasesSince})` : ' (all)'}`);
  out(`  differences:       ${run.differenceCount}`);
  if (run.incomplete) out(`  INCOMPLETE: ${run.incomplete}`);
  for (const d of run.differences) out(`  - ${describeDifference(d)}`);
  if (run.differenceCount > run.differences.length) out(`  … and ${run.differenceCount - run.differences.length} more`);
  exitCode = run.differenceCount > 0 ? 1 : run.incomplete ? 2 : 0;
} finally {
  await db.close();
}
process.exit(exitCode);
