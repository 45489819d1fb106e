import { chromium, type Browser, type Page } from '@playwright/test';

/** Debian's Chromium as the front-end benches drive it: nothing of its own running beside the page. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

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

/**
 * Taps Pils on the till until the cart shows it, and answers the ms since `started`: a tile drawn before the till's
 * code listens is not usable, so a tap that adds nothing is made again 100 ms later.
 *
 * The tile is found and the cart read with plain selectors, polled in the page every 20 ms, and tapped with a real
 * mouse click at its place. Playwright's role locators (getByRole with a name) work out the accessible name of every
 * element on each poll and check actionability before a click, all on the page's main thread, slowed 4x like the page:
 * a CPU profile of the cold load found them taking 1.5-2.5 s of it, which the figures before 2026-11-27 counted as the
 * till's.
 */
export async function tapUntilAdded(page: Page, started: number): Promise<number> {
  for (;;) {
    if (Date.now() - started > 60_000) throw new Error('the till did not take a tap within 60 s');
    const where = await page.waitForFunction(
      () => {
        for (const tile of document.querySelectorAll('.till-grid .till-tile')) {
          if (tile.querySelector('.till-tile__name')?.textContent !== 'Pils') continue;
          const r = tile.getBoundingClientRect();
          if (r.width > 0 && r.height > 0) return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }
        return null;
      },
      undefined,
      { polling: 20, timeout: 60_000 },
    );
    const at = (await where.jsonValue()) as { x: number; y: number };
    await page.mouse.click(at.x, at.y);
    const added = await page
      .waitForFunction(
        () => {
          const text = document.querySelector('[data-testid="cart-total"]')?.textContent ?? '';
          return text !== '' && !/(^|[^\d])0,00/.test(text);
        },
        undefined,
        { polling: 20, timeout: 100 },
      )
      .then(() => true)
      .catch(() => false);
    if (added) return Date.now() - started;
  }
}
