import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';

const port = Number(process.env.E2E_PORT ?? 18080);
// One fresh database per run, shared by the server and global teardown (workers inherit the environment).
process.env.KASSA_E2E_DB ??= `kassa_e2e_${Date.now()}`;

/**
 * Specs that cannot run beside another: each changes what every screen shares (settings, the terms, the bar menu, the
 * accounting connection, the open direct-debit batch, the outcomes queued at the stand-in terminal every register
 * shares), or reads what every sale changes (the newest transactions, the day's cash box, the ledger audit), or
 * measures a person's tapping speed. They run in the "serial" project, alone, after the others have run two at a time.
 * A new spec that does none of this needs no entry: a spec that plans card outcomes or reads a register's recent sales
 * does so at a register of its own (till-helpers' ownRegister), as till-sales, till-bar, till-secrets and till-recent do.
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
  'till-busy-evening', // the live slide's newest sale; a person's tapping speed; the terminal's shared queue
  'till-ghost-taps', // a person's tapping speed
  'till-offline', // the ledger audit of everything
  'till-rush', // a person's tapping speed; the terminal's shared queue
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: false,
  // Two at a time on this 2-core kind of machine (E2E_WORKERS to change it); the serial project keeps to one.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'parallel', testIgnore: SERIAL },
    // After every parallel spec has ended (a failure there leaves these not run, which counts as failed).
    { name: 'serial', testMatch: SERIAL, dependencies: ['parallel'], workers: 1 },
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
  webServer: {
    command: 'npx tsx scripts/start.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      KASSA_PG_DATABASE: process.env.KASSA_E2E_DB,
      KASSA_DATA_DIR: `.data/${process.env.KASSA_E2E_DB}`,
      KASSA_MONGO_PORT: '0',
      QUEUE_PREFIX: process.env.KASSA_E2E_DB,
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
    },
  },
});
