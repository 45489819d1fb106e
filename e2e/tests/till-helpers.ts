import { expect, type Locator, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';

export const euros = (cents: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
/** "€ 4,50" as a pattern that allows the non-breaking space Intl puts after the euro sign. */
export const moneyPattern = (cents: number) => euros(cents).replace(/\s/g, '\\s');

/** "€ 4,50" (with Intl's non-breaking space) as cents. */
export const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Signs in, opens the till and accepts the terms if this is the user's first visit. The login page leads on to the
 * till (`next`), as a link to the till does: one page load, not a second one for the till.
 */
export async function openTill(page: Page, user: string, password = user) {
  await signIn(page, user, password, '/pos');
  await expect(page).toHaveURL(/\/pos$/);
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  const grid = page.getByRole('region', { name: 'Bier' });
  await expect(terms.or(grid).first()).toBeVisible();
  if (await terms.isVisible()) await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(grid).toBeVisible();
}

/** A product tile: its accessible name is the product name followed by its price. */
export const tile = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${escape(name)}\\s€`) });

export async function addProducts(page: Page, ...names: string[]) {
  for (const name of names) await tile(page, name).click();
}

export const payButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
export const cartTotal = (page: Page) => page.getByTestId('cart-total');
export const successSnackbar = (page: Page, cents: number) => page.getByText(new RegExp(`^Successful transaction for ${moneyPattern(cents)}`));

/**
 * Picks an account in the open account picker: types its name in the search box and taps the tile with exactly that
 * name. (Specs' own accounts have similar names, "Lid x1" and "Lid x2" from a repeat in the same database, and the
 * fuzzy search shows both; Enter on a single result is the picker's component test.)
 */
export async function pickAccount(picker: Locator, name: string) {
  await picker.getByRole('searchbox', { name: 'Search accounts' }).fill(name);
  const tile = picker.getByRole('list', { name: 'Accounts' }).getByRole('button').filter({ has: picker.page().getByText(name, { exact: true }) });
  await expect(tile).toHaveCount(1);
  await tile.click();
}

export async function typePin(page: Page, pin: string) {
  const pad = page.getByRole('dialog', { name: 'Enter PIN-code' });
  // A tap on the pad's spot right after the tap that opened it is taken for a double tap's ghost (use-ghost-tap-guard):
  // a person cannot type that fast, a script can, so it waits for the guard to end.
  await expect(page.locator('body[data-ghost-guard]')).toHaveCount(0);
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
}

/** An account's balance as a bar-mode register sees it through the API. */
export async function balanceOf(baseURL: string, name: string): Promise<number> {
  const token = await apiToken(baseURL, 'bar');
  const res = await fetch(`${baseURL}/api/accounts/`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { result: { accounts: { name: string; balance: number }[] } };
  const account = body.result.accounts.find((a) => a.name === name);
  if (!account) throw new Error(`no account ${name}`);
  return account.balance;
}

/**
 * Tells the stand-in terminal how the next card payments end (admin API): at `registerId`'s terminal (a register of the
 * spec's own: `ownRegister`), or without it at the queue every register shares, which only a spec of the "alone"
 * project may use (e2e/playwright.config.ts).
 */
export async function queueTerminal(baseURL: string, outcomes: string[], registerId?: string) {
  const token = await apiToken(baseURL, 'admin');
  const res = await fetch(`${baseURL}/api/admin/terminal/standin`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ outcomes, ...(registerId ? { register: registerId } : {}) }),
  });
  expect(res.status).toBe(200);
}

/**
 * A register of the spec's own with the rights of the demo register `like` ("Till": a PIN for account sales; "Bar": bar
 * mode), and a user signed in at it: its card payments go to its own terminal, whose outcomes the spec queues without
 * touching another spec's.
 */
export async function ownRegister(baseURL: string, like: 'Till' | 'Bar'): Promise<{ registerId: string; username: string; password: string }> {
  const admin = await apiToken(baseURL, 'admin');
  const registers = await callApi<{ registers: { name: string; capabilities: string[] }[] }>(baseURL, 'GET', '/api/admin/registers/', admin);
  const demo = registers.result.registers.find((r) => r.name === like);
  expect(demo).toBeDefined();
  const unique = uniqueSuffix();
  const register = await callApi<{ id: string }>(baseURL, 'POST', '/api/admin/registers/', admin, { name: `${like} ${unique}`, capabilities: demo!.capabilities });
  expect(register.status).toBe(200);
  const username = `${like.toLowerCase()}-${unique}`;
  const password = `${like.toLowerCase()}-tap-1`;
  expect((await callApi(baseURL, 'POST', '/api/admin/users/', admin, { username, password, registerId: register.result.id })).status).toBe(200);
  return { registerId: register.result.id, username, password };
}

/**
 * A member card read by the reader: its keystrokes arrive as one burst ending in Enter, as a USB reader types them.
 * (Typed one by one from the test, a loaded machine can leave more than the reader's 50 ms between two keys and split
 * the secret in two, which no reader does.)
 */
export async function swipeCard(page: Page, secret: string) {
  await page.evaluate((keys) => {
    for (const key of [...keys, 'Enter']) document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, secret);
}

/** Calls the API as `token`; answers the status and the wrapper's result. */
export async function callApi<T = unknown>(baseURL: string, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; result: T }> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => ({}))) as { result?: T };
  return { status: res.status, result: json.result as T };
}

const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * An account of the spec's own, made by admin through the API, with `balance` cents booked on it (a top-up, or a
 * correction below zero on a credit account). Its name is unique per call, so no other spec (nor an earlier repeat)
 * has touched it, and what a spec reads of it is what the spec did.
 */
export async function ownAccount(
  baseURL: string,
  label: string,
  balance: number,
  fields: { type?: 'member' | 'event'; creditAccount?: boolean; iban?: string; bic?: string; dateOfBirth?: string } = {},
): Promise<{ name: string; accountId: string }> {
  const unique = uniqueSuffix();
  const name = `${label} ${unique}`;
  const admin = await apiToken(baseURL, 'admin');
  const account = await callApi<{ id: string }>(baseURL, 'POST', '/api/admin/accounts/', admin, { name, ...fields });
  expect(account.status).toBe(200);
  if (balance !== 0) {
    const body = balance > 0 ? { amount: balance, method: 'cash_payment', reason: '' } : { amount: balance, method: 'correction', reason: 'e2e: below zero', allowNegative: true };
    const booked = await callApi(baseURL, 'POST', `/api/admin/accounts/${account.result.id}/upgrade/`, admin, { ...body, nonce: `e2e-${unique}` });
    expect(booked.status).toBe(200);
  }
  expect(await balanceOf(baseURL, name)).toBe(balance);
  return { name, accountId: account.result.id };
}

/**
 * A member of this spec's own: an account with `balance` cents (an admin top-up), a user linked to it who set PIN
 * `pin` on /account's call. Names are unique per call, so specs never share or exhaust each other's accounts.
 */
export async function memberWithPin(baseURL: string, label: string, balance: number, pin = '1234'): Promise<{ name: string; accountId: string; username: string; password: string }> {
  const { name, accountId } = await ownAccount(baseURL, label, balance);
  const admin = await apiToken(baseURL, 'admin');
  const username = `member-${uniqueSuffix()}`;
  const password = 'member-password';
  expect((await callApi(baseURL, 'POST', '/api/admin/users/', admin, { username, password, accountId })).status).toBe(200);
  const member = await apiToken(baseURL, username, password);
  expect((await callApi(baseURL, 'POST', '/api/user/condition/', member)).status).toBeLessThan(300);
  expect((await callApi(baseURL, 'POST', '/api/account/pin', member, { pin })).status).toBe(200);
  return { name, accountId, username, password };
}

/**
 * Every button, link and tile whose centre is on screen (inside the viewport and every scrolling box around it) and
 * what `elementFromPoint` finds there when it is something else: what covers it. With `by`, only covers inside
 * elements matching that selector count (a message, say, and not the cart panel a phone opens over the grid).
 */
export async function coveredControls(page: Page, by?: string): Promise<{ control: string; covered: string }[]> {
  return page.evaluate((coverSelector) => {
    const out: { control: string; covered: string }[] = [];
    const label = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().replace(/\s+/g, ' ').slice(0, 60);
    for (const el of document.querySelectorAll('button, a[href], [role="button"], input, .till-pending')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      let shown = true;
      for (let p = el.parentElement; p && shown; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.visibility === 'hidden' || style.display === 'none') shown = false;
        if (/(auto|scroll|hidden|clip)/.test(style.overflowX + style.overflowY)) {
          const box = p.getBoundingClientRect();
          if (x < box.left || x > box.right || y < box.top || y > box.bottom) shown = false;
        }
      }
      if (!shown || getComputedStyle(el).visibility === 'hidden') continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || el.contains(hit) || (coverSelector && !hit.closest(coverSelector))) continue;
      out.push({ control: label(el), covered: `${hit.tagName.toLowerCase()}.${String(hit.className)} ${label(hit)}` });
    }
    return out;
  }, by ?? null);
}

/** What a message can be: a snackbar, the till's status strip and its checkmark, any live status. */
export const MESSAGES = '.k-snackbar, .till-status, .till-check, [role="status"], [role="alert"]';

/**
 * A product of the spec's own, in the first category, so what it looks for cannot be another spec's (or an earlier
 * repeat's). `retire()` hides it afterwards: a sold product is never erased, and hidden it leaves the till and menu.
 */
export async function ownProduct(baseURL: string, label: string, price: number, depositAmount = 0) {
  const admin = await apiToken(baseURL, 'admin');
  const till = await apiToken(baseURL, 'till');
  const catalogue = await callApi<{ categories: { id: string }[] }>(baseURL, 'GET', '/api/products/', till);
  const name = `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const categoryId = catalogue.result.categories[0]!.id;
  const created = await callApi<{ id: string }>(baseURL, 'POST', '/api/admin/products/', admin, { name, price, categoryId, depositAmount });
  expect(created.status).toBe(200);
  const id = created.result.id;
  return {
    id,
    name,
    price,
    categoryId,
    depositAmount,
    hide: async () => expect((await callApi(baseURL, 'PUT', `/api/admin/products/${id}/`, admin, { name, price, categoryId, depositAmount, hidden: true })).status).toBe(200),
  };
}

/**
 * Watches for `selector` in the page from now on; the answer waits until it has come and gone and tells how long it
 * stayed, in ms as the page's own clock saw it (a MutationObserver notes both moments as they happen).
 */
export async function watchShown(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.evaluate((sel) => {
    const seen: { from: number | null; to: number | null } = { from: null, to: null };
    (window as unknown as { __shown: typeof seen }).__shown = seen;
    const check = () => {
      const there = document.querySelector(sel) !== null;
      if (there && seen.from === null) seen.from = performance.now();
      if (!there && seen.from !== null && seen.to === null) {
        seen.to = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  }, selector);
  return async () => {
    await page.waitForFunction(() => (window as unknown as { __shown: { to: number | null } }).__shown.to !== null, undefined, { timeout: 15_000 });
    return page.evaluate(() => {
      const seen = (window as unknown as { __shown: { from: number; to: number } }).__shown;
      return seen.to - seen.from;
    });
  };
}

/** Puts a user on the Members register (what single-sign-on members get): they pay with their own account on /pos. */
export async function onMembersRegister(baseURL: string, username: string) {
  const admin = await apiToken(baseURL, 'admin');
  const registers = await callApi<{ registers: { id: string; name: string }[] }>(baseURL, 'GET', '/api/admin/registers/', admin);
  const members = registers.result.registers.find((r) => r.name === 'Members');
  expect(members).toBeDefined();
  const users = await callApi<{ items: { id: string; username: string }[] }>(baseURL, 'GET', `/api/admin/users/?search=${encodeURIComponent(username)}`, admin);
  const user = users.result.items.find((u) => u.username === username);
  expect(user).toBeDefined();
  expect((await callApi(baseURL, 'PATCH', `/api/admin/users/${user!.id}/`, admin, { registerId: members!.id })).status).toBe(200);
}

/**
 * Two taps on the centre of `target` as it is now, `gapMs` apart: the second lands wherever the first left the screen.
 * Both are dispatched in the page, as a touch screen's events come (pointer and touch events, then the mouse events and
 * the click made from them), so the gap is the page's own: taps sent one by one from the test arrive up to a second
 * apart on a loaded machine, which is no double tap.
 */
export async function doubleTap(page: Page, target: Locator, gapMs: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to tap');
  await page.evaluate(
    async ({ x, y, gap }) => {
      const tap = () => {
        const el = document.elementFromPoint(x, y);
        if (!el) return;
        const at = { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y };
        const touch = new Touch({ identifier: 1, target: el, clientX: x, clientY: y });
        el.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerType: 'touch', isPrimary: true }));
        el.dispatchEvent(new TouchEvent('touchstart', { ...at, touches: [touch], targetTouches: [touch], changedTouches: [touch] }));
        el.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerType: 'touch', isPrimary: true }));
        const end = new TouchEvent('touchend', { ...at, touches: [], targetTouches: [], changedTouches: [touch] });
        el.dispatchEvent(end);
        if (end.defaultPrevented) return;
        const under = document.elementFromPoint(x, y) ?? el;
        under.dispatchEvent(new MouseEvent('mousedown', at));
        under.dispatchEvent(new MouseEvent('mouseup', at));
        under.dispatchEvent(new MouseEvent('click', at));
      };
      tap();
      await new Promise((resolve) => setTimeout(resolve, gap));
      tap();
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, gap: gapMs },
  );
}
