/**
 * bench/frontend-ab: what one part of the till's cold load is worth, by interleaving cold loads with it and without it
 * on one running Kassa, so the machine's drift during the run falls on both sides alike. The same measure as
 * bench/frontend (4x CPU slowdown, a new browser context holding only the signed-in token, from navigating to /pos until
 * a tap on a product has put it in the cart). Two comparisons:
 * - the service worker allowed against blocked (what its registration and install cost a first visit);
 * - the gateway's script preloads of the till (Link: as=script) kept against stripped from the page's answer, on
 *   loopback and with 40 ms latency and 20 Mbit/s emulated (a bar's Wi-Fi).
 * Prints the medians and every run; writes bench/reports/frontend-ab.md.
 * Usage: npx tsx bench/frontend-ab.ts   (RUNS=8 loads each way; BENCH_PORT, default 28095)
 */
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNow, runFacts, stealSinceStart } from './lib/facts';
import { startSystem } from './lib/system';
import { launchChromium, openTillAndTap, signedInState } from './lib/till-browser';
import { median } from './lib/stats';

const RUNS = Number(process.env.RUNS ?? 8);

interface Arm {
  label: string;
  serviceWorkers: 'allow' | 'block';
  stripScriptPreloads: boolean;
  latencyMs: number;
}

/** One cold load of the till: ms from navigating until a tap on Pils has put it in the cart, in the page's clock. */
async function coldLoad(browser: Browser, url: string, storageState: BrowserContextOptions['storageState'], arm: Arm): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState, serviceWorkers: arm.serviceWorkers });
  try {
    const page = await context.newPage();
    // Both sides pass the page through the same route, so only the Link header differs.
    await page.route(
      (u) => u.pathname === '/pos',
      async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        if (arm.stripScriptPreloads && headers.link) headers.link = headers.link.split(', ').filter((l) => !l.includes('as=script')).join(', ');
        await route.fulfill({ response, headers });
      },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (arm.latencyMs > 0) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: arm.latencyMs, downloadThroughput: 2.5e6, uploadThroughput: 1.25e6 });
    }
    return (await openTillAndTap(page, cdp, url)).usableMs;
  } finally {
    await context.close();
  }
}

const load1 = loadNow();
const system = await startSystem({ port: Number(process.env.BENCH_PORT ?? 28095) });
const lines = [`# bench/frontend-ab — ${new Date().toISOString()}`, ''];
try {
  const browser = await launchChromium();
  lines.push(...(await runFacts({ ...system, load1 })), `Chromium ${browser.version()}; ${RUNS} cold loads each way, the two sides taking turns (which goes first alternates).`, '');
  const token = await signedInState(browser, system.url, 'till');

  const base: Arm = { label: '', serviceWorkers: 'block', stripScriptPreloads: false, latencyMs: 0 };
  const comparisons: [string, Arm, Arm][] = [
    ['service worker (cold till usable, ms)', { ...base, label: 'allowed', serviceWorkers: 'allow' }, { ...base, label: 'blocked' }],
    ['script preloads of the till, loopback (ms)', { ...base, label: 'kept' }, { ...base, label: 'stripped', stripScriptPreloads: true }],
    ['script preloads of the till, 40 ms latency and 20 Mbit/s (ms)', { ...base, label: 'kept', latencyMs: 40 }, { ...base, label: 'stripped', stripScriptPreloads: true, latencyMs: 40 }],
  ];
  lines.push('| comparison | side | median | runs |', '|---|---|---|---|');
  for (const [what, a, b] of comparisons) {
    const times: [number[], number[]] = [[], []];
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 ? [1, 0] : [0, 1];
      for (const side of order) times[side]!.push(await coldLoad(browser, system.url, token, side ? b : a));
    }
    lines.push(`| ${what} | ${a.label} | ${median(times[0])} | ${times[0].join(', ')} |`, `| | ${b.label} | ${median(times[1])} | ${times[1].join(', ')} |`);
  }
  await browser.close();
} finally {
  await system.stop();
}
lines.push('', stealSinceStart());
console.log(lines.join('\n'));
writeFileSync(join(import.meta.dirname, 'reports', 'frontend-ab.md'), `${lines.join('\n')}\n`);
