import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';

const port = Number(process.env.E2E_PORT ?? 18080);
// One fresh database per run, shared by the server and global teardown (workers inherit the environment).
process.env.KASSA_E2E_DB ??= `kassa_e2e_${Date.now()}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  // A spec that passes only on a second try is a bug to find, not a pass: never retried.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
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
      // Screens refresh every 10 s instead of SPEC's minute, so a spec that checks a refresh waits seconds.
      CLIENT_REFRESH_MS: '10000',
      LOG_LEVEL: 'warn',
    },
  },
});
