/**
 * `npm start`: the whole of Kassa on one machine with no environment variables. Starts (or reuses) Redis and the
 * local MongoDB-wire server, builds the front-ends that are missing or older than their sources, starts every service,
 * worker and the gateway, seeds demo data on an empty database and prints where to go. Ctrl-C stops everything it
 * started. (`npm run dev` is the same with dev servers and watched services: scripts/dev.ts.)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { ROOT } from './lib/local-mongo';
import { staleReason } from './lib/frontend-builds';
import { FRONTENDS } from './lib/processes';
import { ensureDatabase, ensureRedis, log, printWelcome, settingsFromEnv, startServices, Supervisor } from './lib/supervisor';

const settings = settingsFromEnv();
const sup = new Supervisor();

/** Builds each front-end that is missing or older than its sources, so `npm start` never serves a stale build. */
function buildStaleFrontends(): void {
  if (process.env.KASSA_NO_FRONTENDS === '1') return;
  const force = process.env.KASSA_REBUILD === '1';
  for (const app of FRONTENDS) {
    const reason = force ? 'KASSA_REBUILD=1' : staleReason(ROOT, app);
    if (!reason) continue;
    log(`building ${app} (${reason})...`);
    const res = spawnSync('npm', ['run', 'build', '-w', app], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    if (res.status !== 0) throw new Error(`building ${app} failed`);
  }
}

async function main() {
  sup.handleSignals();
  mkdirSync(settings.dataDir, { recursive: true });
  await ensureRedis(sup, settings);
  const mongoUri = await ensureDatabase(sup, settings);
  buildStaleFrontends();
  await startServices(sup, settings, mongoUri, (entry) => ({ command: process.execPath, args: ['--import', 'tsx', entry] }));
  printWelcome(settings.port);
}

main().catch(async (err: Error) => {
  console.error(`[kassa] ${err.message}`);
  await sup.stopAll(1);
});
