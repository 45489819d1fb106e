import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken } from './helpers';
import { callApi, cartTotal, doubleTap, openTill, ownAccount, payButton, queueTerminal, tile } from './till-helpers';

// The motion a tablet shows at the bar (the other specs ask for reduced motion: e2e/playwright.config.ts).
// With its service worker between the till and the server, as on a tablet in service.
test.use({ hasTouch: true, reducedMotion: 'no-preference', serviceWorkers: 'allow' });
test.describe.configure({ timeout: 900_000 });

const ORDERS = 30;
const TAP_GAP_MS = 200;
const PRODUCTS = ['Pils', 'Radler', 'Cola', 'Chips', 'Nootjes', 'Witbier'];
const METHODS = ['cash', 'card', 'account-search', 'account-letter'] as const;

const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

test('rush: 30 orders at 200 ms between taps, mixed methods and double taps, every amount booked as shown, once', async ({ page, baseURL }) => {
  const account = await ownAccount(baseURL!, 'Qrush', 200_000);
  await queueTerminal(baseURL!, Array.from({ length: ORDERS }, () => 'completed'));
  await openTill(page, 'bar');
  const posted: { nonce: string; expectedTotal: number; products: { id: string; amount: number }[] }[] = [];
  const booked = new Map<string, string>();
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/checkout\/(cash|card|account)\/$/.test(new URL(r.url()).pathname)) posted.push(r.postDataJSON());
  });
  page.on('response', async (r) => {
    if (r.request().method() !== 'POST' || !/\/api\/checkout\/(cash|card|account)\/$/.test(new URL(r.url()).pathname)) return;
    const body = (await r.json().catch(() => null)) as { result?: { transaction_id: string } } | null;
    const nonce = (r.request().postDataJSON() as { nonce: string }).nonce;
    if (body?.result) booked.set(nonce, body.result.transaction_id);
  });
  const tap = async (p: Page, target: Locator) => {
    await target.tap();
    await p.waitForTimeout(TAP_GAP_MS);
  };

  const shown: number[] = [];
  let intendedItems = 0;
  for (let i = 0; i < ORDERS; i += 1) {
    const started = Date.now();
    let taps = 0;
    const method = METHODS[i % METHODS.length]!;
    const double = i % 3 === 0;
    for (let k = 0; k <= i % 3; k += 1) {
      await tap(page, tile(page, PRODUCTS[(i + k) % PRODUCTS.length]!));
      taps += 1;
      intendedItems += 1;
    }
    const total = cents(await cartTotal(page).innerText());
    shown.push(total);
    if (method === 'cash') {
      await tap(page, payButton(page, 'Cash'));
      const gereed = page.getByRole('dialog', { name: 'Contant' }).getByRole('button', { name: /^Gereed/ });
      await expect(page.getByRole('dialog', { name: 'Contant' }).locator('.till-price__amount')).toHaveText(new RegExp((total / 100).toFixed(2).replace('.', ',')));
      if (double) await doubleTap(page, gereed, TAP_GAP_MS - 50);
      else await tap(page, gereed);
      taps += double ? 3 : 2;
    } else if (method === 'card') {
      if (double) await doubleTap(page, payButton(page, 'Card'), TAP_GAP_MS - 50);
      else await tap(page, payButton(page, 'Card'));
      taps += double ? 2 : 1;
    } else {
      await tap(page, payButton(page, 'Account'));
      const picker = page.getByRole('dialog', { name: 'Select account' });
      if (method === 'account-search') {
        await picker.getByRole('searchbox', { name: 'Search accounts' }).fill(account.name);
        taps += 2;
      } else {
        await tap(page, picker.getByRole('group', { name: 'First letter' }).getByRole('button', { name: 'Q', exact: true }));
        taps += 2;
      }
      const tileOf = picker.getByRole('list', { name: 'Accounts' }).getByRole('button').filter({ has: page.getByText(account.name, { exact: true }) });
      if (double) await doubleTap(page, tileOf, TAP_GAP_MS - 50);
      else await tap(page, tileOf);
      taps += double ? 2 : 1;
    }
    await expect(cartTotal(page)).toHaveText(/0,00/, { timeout: 20_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    process.stdout.write(`rush order ${i + 1} (${method}${double ? ', double tap' : ''}): ${taps} taps, ${Date.now() - started} ms\n`);
  }

  // Every order's amount as shown was posted and booked, each nonce booked once, no product the script did not tap.
  await expect.poll(() => booked.size, { timeout: 30_000 }).toBe(ORDERS);
  const nonces = [...new Set(posted.map((p) => p.nonce))];
  expect(nonces).toHaveLength(ORDERS);
  const asked = nonces.map((n) => posted.find((p) => p.nonce === n)!.expectedTotal);
  expect(asked).toEqual(shown);
  const admin = await apiToken(baseURL!, 'admin');
  const list = await callApi<{ items: { id: string; nonce: string; total: number; status: string; undone: unknown; products: { amount: number }[] }[] }>(baseURL!, 'GET', '/api/admin/transactions/?perPage=200', admin);
  const ours = list.result.items.filter((t) => nonces.includes(t.nonce));
  expect(ours).toHaveLength(ORDERS);
  for (const [k, nonce] of nonces.entries()) {
    const sale = ours.find((t) => t.nonce === nonce)!;
    expect(sale.id).toBe(booked.get(nonce));
    expect(sale.total).toBe(shown[k]);
  }
  expect(ours.reduce((n, t) => n + t.products.reduce((m, p) => m + p.amount, 0), 0)).toBe(intendedItems);
});
