/**
 * `npm run dev`: `npm start` for working on Kassa. The same ports, database, Redis and demo data, but the shell and
 * every remote run in rspack's dev server (hot updates, React Fast Refresh) and every service and worker runs under
 * `tsx watch` (restarted when one of its files changes). Nothing is built to dist/: `npm start` keeps its own builds.
 *
 *   browser ──► gateway :PORT ─┬─ /api/*            services :PORT+1..+4, as under `npm start`
 *                              ├─ /remotes.json     names the remotes' dev servers
 *                              └─ everything else   the shell's dev server :PORT+10
 *   remotes' dev servers :PORT+11..+14 (mfe-pos, mfe-account, mfe-admin, mfe-slides), loaded by the browser directly
 */
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/local-mongo';
import { devServerPort, FRONTENDS, type Frontend } from './lib/processes';
import { ensureDatabase, ensureRedis, log, printWelcome, settingsFromEnv, startServices, Supervisor, waitFor } from './lib/supervisor';

const settings = settingsFromEnv();
const sup = new Supervisor();
const require = createRequire(import.meta.url);
const RSPACK_CLI = join(ROOT, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
const TSX_CLI = require.resolve('tsx/cli');

const devUrl = (app: Frontend) => `http://127.0.0.1:${devServerPort(settings.port, app)}`;
/** What the browser asks first of each dev server: the shell's page, a remote's manifest. */
const readyUrl = (app: Frontend) => `${devUrl(app)}/${app === 'shell' ? 'index.html' : 'mf-manifest.json'}`;

function startDevServers(): void {
  for (const app of FRONTENDS) {
    const env = { ...process.env, NODE_ENV: 'development', KASSA_DEV_PORT: String(devServerPort(settings.port, app)) };
    sup.run(app, process.execPath, [RSPACK_CLI, 'serve', '-c', join(ROOT, app, 'rspack.config.mjs')], env);
  }
}

/** The gateway's settings that point the browser at the dev servers instead of the built dist/ folders. */
function gatewayDevEnv(): Record<string, string> {
  return {
    SHELL_DEV_URL: devUrl('shell'),
    REMOTE_MFE_POS_URL: `${devUrl('mfe-pos')}/mf-manifest.json`,
    REMOTE_MFE_ACCOUNT_URL: `${devUrl('mfe-account')}/mf-manifest.json`,
    REMOTE_MFE_ADMIN_URL: `${devUrl('mfe-admin')}/mf-manifest.json`,
    REMOTE_MFE_SLIDES_URL: `${devUrl('mfe-slides')}/mf-manifest.json`,
  };
}

async function main() {
  sup.handleSignals();
  mkdirSync(settings.dataDir, { recursive: true });
  await ensureRedis(sup, settings);
  const mongoUri = await ensureDatabase(sup, settings);
  // The dev servers compile while the services start; both take a while on two cores.
  startDevServers();
  await startServices(sup, settings, mongoUri, (entry) => ({ command: process.execPath, args: [TSX_CLI, 'watch', '--clear-screen=false', entry] }), gatewayDevEnv());
  for (const app of FRONTENDS) {
    if (!(await waitFor(readyUrl(app), 180_000))) throw new Error(`the ${app} dev server did not start`);
  }
  log('dev servers ready: edit a file under shell/, mfe-*/ or libs/ and the page updates; services restart on save.');
  printWelcome(settings.port, `  Dev servers:       shell ${devUrl('shell')}, remotes ${FRONTENDS.slice(1).map((a) => devUrl(a).split(':').pop()).join(', ')}\n`);
}

main().catch(async (err: Error) => {
  console.error(`[kassa] ${err.message}`);
  await sup.stopAll(1);
});
