import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';

/** Debian's Chromium as the front-end benches drive it: nothing of its own running beside the page. */
export const launchChromium = () =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** Signs `page` in as `user` (the demo users' password is their name) through the login page. */
export async function signIn(page: Page, url: string, user: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(user);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** The storage of a browser signed in as `user` (the token in localStorage), to start fresh contexts from. */
export async function signedInState(browser: Browser, url: string, user: string) {
  const context = await browser.newContext();
  try {
    await signIn(await context.newPage(), url, user);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Where the page notes when its cart first showed a product (ms in the page's clock), see `watchCart`. */
const ADDED_AT = '__kassaBenchAddedAt';
const watched = new WeakSet<BrowserContext>();

/**
 * Makes every page of `context` note, in its own clock (ms since its navigation began), the moment its cart total first
 * shows a product: the moment a tap has really put it in the cart. An init script, so it is there before the page's
 * own code runs; a MutationObserver, so the moment is the DOM change itself and not when a harness next looks. Once per
 * context, however often the till is opened in it.
 */
async function watchCart(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.addInitScript((key) => {
    const observer = new MutationObserver(() => {
      const text = document.querySelector('[data-testid="cart-total"]')?.textContent ?? '';
      if (text === '' || /(^|[^\d])0,00/.test(text)) return;
      (window as unknown as Record<string, number>)[key] = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, ADDED_AT);
}

export interface TillOpened {
  /** From the navigation's start to the cart showing the tapped product, in the page's own clock. */
  usableMs: number;
  /** The same seen from the harness: from asking for the navigation until the harness saw the product in the cart. */
  harnessMs: number;
}

/** A plain expression evaluated in the page's main world through the DevTools protocol, its value returned. */
async function valueOf<T>(cdp: CDPSession, expression: string): Promise<T | null> {
  // Between the navigation's commit and the new document's first script there may be no context to evaluate in.
  const answer = await cdp.send('Runtime.evaluate', { expression, returnByValue: true }).catch(() => null);
  return !answer || answer.exceptionDetails ? null : ((answer.result.value as T | undefined) ?? null);
}

const FIND_PILS = `(() => {
  for (const tile of document.querySelectorAll('.till-grid .till-tile')) {
    if (tile.querySelector('.till-tile__name')?.textContent !== 'Pils') continue;
    const r = tile.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }
  return null;
})()`;

/**
 * Opens /pos in `page` and taps Pils until the cart shows it; a tile drawn before the till's code listens is not usable,
 * so a tap that adds nothing is made again 100 ms later.
 *
 * The harness stays off the page's main thread as far as it can, because at 4x CPU slowdown its own work there counts
 * as the till's: it looks for the tile with a plain expression through the DevTools protocol every 20 ms and taps with a
 * real mouse press and release at its place. Playwright's waitForFunction and click would first build Playwright's
 * injected script in the page (a large script, compiled and run on the page's main thread during the till's start)
 * and make several more round trips per look. On a page that is only a button, at 4x, 5 loads each way taking turns:
 * 489-694 ms (median 591) from the navigation until the harness saw the product added, against 271-545 ms (median 322)
 * this way; on the till, 8 each way, median 1,658 against 1,570 ms (1,494 ms in the page's clock). Role locators were
 * worse still (1.5-2.5 s, dropped on 2026-11-27).
 */
export async function openTillAndTap(page: Page, cdp: CDPSession, url: string): Promise<TillOpened> {
  await watchCart(page.context());
  const started = Date.now();
  await page.goto(`${url}/pos`, { waitUntil: 'commit' });
  for (;;) {
    if (Date.now() - started > 60_000) throw new Error('the till did not take a tap within 60 s');
    const at = await valueOf<{ x: number; y: number }>(cdp, FIND_PILS);
    if (!at) {
      await sleep(20);
      continue;
    }
    for (const type of ['mousePressed', 'mouseReleased'] as const) await cdp.send('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: 'left', clickCount: 1 });
    for (const tapped = Date.now(); Date.now() - tapped < 100; await sleep(20)) {
      const usableMs = await valueOf<number>(cdp, `window.${ADDED_AT} ?? null`);
      if (usableMs !== null) return { usableMs: Math.round(usableMs), harnessMs: Date.now() - started };
    }
  }
}
