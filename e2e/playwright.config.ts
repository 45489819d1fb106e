import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';

const port = Number(process.env.E2E_PORT ?? 18080);
// One fresh database per run, shared by the servers and global teardown (workers inherit the environment).
process.env.KASSA_E2E_DB ??= `kassa_e2e_${Date.now()}`;
const db = process.env.KASSA_E2E_DB;

/**
 * Two systems run side by side, each on a fresh database of its own: the first for the specs that can run beside
 * another ("parallel", two at a time) and afterwards those that time a person's taps ("alone"); the second, 100 ports
 * up, for the "serial" specs, one at a time, while the parallel ones run. What a serial spec changes for every screen
 * or reads of every sale is then its own system's, as it was when they ran after the others on one system; nothing a
 * parallel spec does reaches it. `e2e/second-system.ts` has the second system's environment.
 */
const second = { port: port + 100, db: `${db}_serial` };
process.env.KASSA_E2E_SECOND_PORT = String(second.port);
process.env.KASSA_E2E_SECOND_DB = second.db;

/**
 * Specs that cannot run beside another on the same system: each changes what every screen shares (settings, the terms,
 * the bar menu, the accounting connection, the open direct-debit batch, the outcomes queued at the stand-in terminal
 * every register shares), or reads what every sale changes (the newest transactions, the day's cash box, the ledger
 * audit). They run in the "serial" project, one at a time, on the second system. A new spec that does none of this
 * needs no entry: a spec that plans card outcomes or reads a register's recent sales does so at a register of its own
 * (till-helpers' ownRegister), as till-sales, till-bar, till-secrets and till-recent do.
 */
const SERIAL = [
  'admin-catalogue', // the bar menu every slide shows; a product in Bier moves every till's tiles
  'admin-direct-debit', // the creditor settings; a batch takes every account that owes
  'admin-exact', // the Exact connection and ledger codes; today's cash box must grow by its sale alone
  'admin-invoices', // the invoice sender settings; counts the invoice list
  'admin-settings', // the minimum top-up and new terms every user must accept
  'admin-tabs', // the invoice sender settings
  'admin-transactions', // its sale must be the newest; the ledger audit of everything
  'members-payout', // the creditor settings; a payout file takes every approved payout
  'members-wrapped', // POS Wrapped on and off for everyone
  'sign-in-tfa', // two-factor sign-in required of everyone
  'slides', // names on the live slide; the slide shows every sale
  'till-adults', // the age check every till asks
  'till-offline', // the ledger audit of everything
].map((name) => `**/${name}.spec.ts`);

/**
 * The specs that time a person's taps run last, with nothing else in the browser or on either system: a tapping
 * bartender's speed measured beside another spec's Chromium is that spec's measure too. Two of them also plan outcomes
 * at the terminal's shared queue. `npm test` runs the production images' check beside them at the lowest priority
 * (scripts/test.ts), on the core their taps leave idle; the first of them took about a tenth longer while it ran.
 */
const ALONE = [
  'till-busy-evening', // the live slide's newest sale; a person's tapping speed; the terminal's shared queue
  'till-ghost-taps', // a person's tapping speed
  'till-rush', // a person's tapping speed; the terminal's shared queue
].map((name) => `**/${name}.spec.ts`);

/** How many parallel specs run at once: two on this 2-core kind of machine. */
const parallelWorkers = Number(process.env.E2E_WORKERS ?? 2);

/** Which projects this run asked for (`--project parallel` needs no second system). */
const asked = process.argv.flatMap((arg, i, all) => (arg === '--project' ? [all[i + 1]] : arg.startsWith('--project=') ? [arg.slice(10)] : []));
const needsSecond = asked.length === 0 || asked.includes('serial');

/** Both systems' environment; the second differs in its port, database, files and queue names. */
const systemEnv = (p: number, database: string) => ({
  PORT: String(p),
  KASSA_PG_DATABASE: database,
  KASSA_DATA_DIR: `.data/${database}`,
  KASSA_MONGO_PORT: '0',
  QUEUE_PREFIX: database,
  STANDIN_TERMINAL_DELAY_MS: '1500',
  // A spec's batch cannot wait a business day for its collection date (the rule has its own integration test).
  DIRECT_DEBIT_COLLECT_EARLY: '1',
  // POS Wrapped worked out every 15 s instead of every six hours, so a spec sees its own sales in it.
  POS_WRAPPED_EVERY_MS: '15000',
  // "Names on the live slide" reaches the slide at once, so the slides spec can switch it on and off.
  PUBLIC_SCREEN_CACHE_MS: '0',
  // "Age check at the till" reaches checkout at once: the spec after till-adults sells beer unasked again.
  SALES_SETTINGS_CACHE_MS: '0',
  // Screens refresh every 10 s instead of SPEC's minute, so a spec that checks a refresh waits seconds.
  CLIENT_REFRESH_MS: '10000',
  // The wall's bar menu: asked every 5 s instead of 30, and not kept by the catalog (5 s), for the same reason.
  MENU_REFRESH_MS: '5000',
  MENU_CACHE_MS: '0',
  LOG_LEVEL: 'warn',
});
process.env.KASSA_E2E_SECOND_ENV = JSON.stringify(systemEnv(second.port, second.db));

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: false,
  // The parallel specs (E2E_WORKERS at a time) and a serial one beside them.
  workers: parallelWorkers + 1,
  projects: [
    { name: 'parallel', testIgnore: [...SERIAL, ...ALONE], workers: parallelWorkers },
    { name: 'serial', testMatch: SERIAL, workers: 1, use: { baseURL: `http://127.0.0.1:${second.port}` } },
    // After every other spec has ended (a failure there leaves these not run, which counts as failed).
    { name: 'alone', testMatch: ALONE, dependencies: ['parallel', 'serial'], workers: 1 },
  ],
  // A spec that passes only on a second try is a bug to find, not a pass: never retried.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    // The browser asks for reduced motion, which the product honours (libs/ui theme.css: nothing animates): animations
    // drawn at 60 frames a second by Chromium's software renderer were half the browser's CPU on this 2-core machine
    // (10 cash sales: 13.6 s of Chromium CPU with motion, 7.4 s without). The specs that tap as a busy bartender does
    // (till-rush, till-ghost-taps, till-busy-evening) keep the motion a tablet shows.
    reducedMotion: 'reduce',
    // A failed spec keeps its trace (every action, its DOM before and after, the network, the console) and a screenshot
    // of the end. The trace's own screenshots (a JPEG of every frame the page paints, streamed to the runner for every
    // spec, failed or not) are left out: they were a sixth of the run's CPU on this 2-core machine (admin-users and
    // till-change: 112 CPU seconds with them, 97 without, 92 with no trace at all).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The service worker installs on a first visit: it fetches the shell and every file of the till into its caches and
    // then stands between the page and the network. Every spec opens fresh browsers, so each paid for a first visit's
    // install a tablet pays once: on this 2-core machine that was a third of the CPU of the specs that do not need it
    // (admin-users, till-change, members-account and sign-in: 148 CPU s with the worker, 91 without). It is on where it
    // is the subject (till-offline) and on the tablets of a busy evening (till-rush, till-ghost-taps, till-busy-evening),
    // so a till in service is tried with its worker between it and the server.
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // The second system is started beside the first by the same command (Playwright starts its web servers one after
  // the other) and awaited by global setup; both stop together (the signal goes to the command's process group).
  globalSetup: needsSecond ? './second-system.ts' : undefined,
  webServer: {
    command: needsSecond ? 'npx tsx e2e/second-system.ts start & npx tsx scripts/start.ts' : 'npx tsx scripts/start.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: systemEnv(port, db),
  },
});
