/**
 * bench/frontend: what a cheap tablet downloads and how soon the till is usable.
 * - gzipped JavaScript each app loads for its first screen (shell + mfe-pos on /pos, and each other remote's route),
 *   measured in Chromium from what the browser really fetched;
 * - time until the till's product grid is usable (first product tile visible and enabled) with 4x CPU slowdown;
 * - with the large data set (2,000 products, 5,000 accounts): time to filter on a keystroke or click, in the product
 *   search and in the account picker (search and A-Z/@ quick filter).
 * Starts its own Kassa on a fresh database (port 28090, or BENCH_PORT). Writes bench/reports/frontend.md.
 * Usage: npx tsx bench/frontend.ts
 */
import { chromium, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { connectMongo } from '@kassa/service-kit';
import { seedLargeAccounts } from '../services/accounts/src/demo/seed-demo';
import { seedLargeCatalog } from '../services/catalog/src/demo/seed-demo';
import { startSystem } from './lib/system';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function signIn(page: Page, url: string, user: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(user);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** Gzipped bytes of every script the page fetched, grouped by app (shell or remote folder). */
function collectScripts(page: Page) {
  const sizes = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      const body = await res.body();
      const path = new URL(res.url()).pathname;
      const app = /^\/remotes\/([^/]+)\//.exec(path)?.[1] ?? 'shell';
      sizes.set(app, (sizes.get(app) ?? 0) + gzipSync(body, { level: 9 }).length);
    } catch {
      /* redirects have no body */
    }
  });
  return sizes;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
// BENCH_PORT lets a second copy run beside the usual one.
const system = await startSystem({ port: Number(process.env.BENCH_PORT ?? 28090) });
const lines: string[] = [`# bench/frontend — ${new Date().toISOString()}`, ''];
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });

  // 1. Initial JavaScript per route.
  lines.push('## Initial JavaScript (gzipped, as fetched by Chromium)', '', '| route | shell | remote | total |', '|---|---|---|---|');
  const routes: [string, string, string][] = [
    ['/pos', 'till', 'mfe-pos'],
    ['/account', 'member', 'mfe-account'],
    ['/admin/transactions', 'admin', 'mfe-admin'],
    ['/slides/bar', '', 'mfe-slides'],
  ];
  let tillInitial = 0;
  for (const [route, user, remote] of routes) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    if (user) await signIn(page, system.url, user);
    const sizes = collectScripts(page);
    await page.goto(`${system.url}${route}`);
    await page.waitForLoadState('networkidle');
    const shell = sizes.get('shell') ?? 0;
    const own = sizes.get(remote) ?? 0;
    if (remote === 'mfe-pos') tillInitial = shell + own;
    lines.push(`| ${route} | ${kb(shell)} | ${kb(own)} | ${kb(shell + own)} |`);
    await context.close();
  }
  lines.push('', `Shell plus till: ${kb(tillInitial)} — budget 300 KB: ${tillInitial < 300 * 1024 ? 'met' : 'NOT met'}.`, '');

  // 2. Till grid usable with 4x CPU slowdown (cold cache, signed in).
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, system.url, 'till');
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = Date.now();
  await page.goto(`${system.url}/pos`);
  await page.getByRole('button', { name: /Pils/ }).first().waitFor({ state: 'visible' });
  const usable = Date.now() - started;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  lines.push('## Till grid usable (4x CPU slowdown, cold cache)', '', `${usable} ms — budget 2,500 ms: ${usable < 2500 ? 'met' : 'NOT met'}.`, '');

  // 3. Filtering with 2,000 products and 5,000 accounts.
  const catalogDb = await connectMongo(system.mongoUri, 'kassa_catalog');
  await seedLargeCatalog(catalogDb, 2000);
  await catalogDb.close();
  const accountsDb = await connectMongo(system.mongoUri, 'kassa_accounts');
  await seedLargeAccounts(accountsDb, 5000);
  await accountsDb.close();
  const big = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const till = await big.newPage();
  await signIn(till, system.url, 'till');
  await till.goto(`${system.url}/pos`);
  const pils = till.getByRole('button', { name: /Pils/ }).first();
  await pils.waitFor();
  // The accounts the modals need load after the grid; time the filtering, not that download.
  await till.waitForLoadState('networkidle');
  // In the page: one step at a time (a keystroke or a click), time until the screen has re-rendered (the last DOM
  // mutation the step causes within 300 ms). A keystroke is typed the way the browser does it (value + input event)
  // into the focused field.
  type Step = { type: string } | { click: string };
  const timeSteps = (steps: Step[]) =>
    till.evaluate(async (list) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const times: number[] = [];
      for (const step of list) {
        const input = document.activeElement as HTMLInputElement;
        const button =
          'click' in step
            ? [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find((b) => b.textContent === step.click)
            : undefined;
        if ('click' in step && !button) throw new Error(`no button ${step.click}`);
        let last = 0;
        const observer = new MutationObserver(() => (last = performance.now()));
        observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
        const t0 = performance.now();
        if (button) {
          button.click();
        } else if ('type' in step) {
          setter.call(input, step.type);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
        await new Promise((r) => setTimeout(r, 300));
        observer.disconnect();
        times.push((last || t0) - t0);
      }
      return times;
    }, steps);
  // Typing a word, then deleting it again with backspace down to the empty field (which brings back the full list).
  const typeAndDelete = (text: string): Step[] => {
    const typed = [...text].map((_, i) => ({ type: text.slice(0, i + 1) }));
    return [...typed, ...typed.slice(0, -1).reverse(), { type: '' }];
  };
  const mean = (ms: number[]) => ms.reduce((a, b) => a + b, 0) / ms.length;
  const verdict = (ms: number, per: string) => `${ms.toFixed(1)} ms per ${per} (budget 16 ms): ${ms < 16 ? 'met' : 'NOT met'}.`;

  await till.getByRole('searchbox', { name: 'Search products' }).click();
  const gridMs = mean(await timeSteps(typeAndDelete('tripel')));

  // The account picker as a till user opens it: a product in the cart, then the account payment button.
  await pils.click();
  await till.getByRole('button', { name: 'Account', exact: true }).click();
  const picker = till.getByRole('dialog', { name: 'Select account' });
  await picker.getByRole('list', { name: 'Accounts' }).waitFor();
  // The "added" snackbar must be gone first: its fade would count as the last mutation of a click.
  await till.getByRole('status').filter({ hasText: 'added' }).waitFor({ state: 'detached' });
  // Quick filter: letters on and off (M holds a tenth of the accounts; off again shows the recent ones).
  const letterMs = mean(await timeSteps([{ click: 'M' }, { click: 'E' }, { click: 'J' }, { click: 'J' }, { click: 'Z' }, { click: 'Z' }]));
  await picker.getByRole('searchbox', { name: 'Search accounts' }).click();
  const pickerMs = mean(await timeSteps(typeAndDelete('mulder')));

  lines.push(
    '## Filtering on a keystroke (2,000 products, 5,000 accounts)',
    '',
    `Product search: ${verdict(gridMs, 'keystroke')}`,
    `Account picker search: ${verdict(pickerMs, 'keystroke')}`,
    `Account picker A-Z/@ quick filter: ${verdict(letterMs, 'click')}`,
  );
  await big.close();
  await browser.close();
} finally {
  await system.stop();
}
console.log(lines.join('\n'));
writeFileSync(join(import.meta.dirname, 'reports', 'frontend.md'), `${lines.join('\n')}\n`);
