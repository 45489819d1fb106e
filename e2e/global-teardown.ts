import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { dropPgDatabase, ROOT } from '../scripts/lib/local-mongo';

/** Drops the run's databases (both systems', e2e/playwright.config.ts) once the servers have stopped, so runs never pile up data. */
export default async function teardown() {
  for (const db of [process.env.KASSA_E2E_DB, process.env.KASSA_E2E_SECOND_DB]) {
    if (!db) continue;
    // The web server stops after global teardown; give FerretDB's connections a moment, then force the drop.
    await dropPgDatabase('postgres://postgres@127.0.0.1:5432', db);
    rmSync(join(ROOT, '.data', db), { recursive: true, force: true });
    rmSync(join(ROOT, '.data', `${db}.exit`), { force: true });
  }
}
