import { expect, test, type Page, type Request } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { addProducts, balanceOf, callApi, moneyPattern, openTill, ownAccount, payButton, pickAccount } from './till-helpers';

// The service worker is what this spec is about (most specs run without it: e2e/playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const SHOTS = 'test-results/offline';

/** Waits until the service worker controls the page and holds the till's data, then loads the till once more through it. */
async function tillWorksOffline(page: Page) {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  } catch (e) {
    // What the worker is doing, so a failure says which step never came.
    const state = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return JSON.stringify({ ready: document.readyState, reg: !!r, installing: r?.installing?.state, waiting: r?.waiting?.state, active: r?.active?.state, caches: await caches.keys() });
    });
    throw new Error(`no controller: ${state}`, { cause: e });
  }
  await page.waitForFunction(async () => {
    const keys = await (await caches.open('kassa-till-data')).keys();
    const paths = keys.map((k) => new URL(k.url).pathname);
    return ['/api/config/', '/api/products/', '/api/accounts/', '/api/checkout/reasons/'].every((p) => paths.includes(p));
  });
}

const waiting = (page: Page) => page.locator('.till-offline__waiting');

async function cashSale(page: Page, ...products: string[]) {
  await addProducts(page, ...products);
  await payButton(page, 'Cash').click();
  await page.getByRole('dialog', { name: 'Contant' }).getByRole('button', { name: /^Gereed/ }).click();
  await expect(page.getByText(/^Saved offline: /)).toBeVisible();
}

async function accountSale(page: Page, name: string, ...products: string[]) {
  await addProducts(page, ...products);
  await payButton(page, 'Account').click();
  await pickAccount(page.getByRole('dialog', { name: 'Select account' }), name);
}

interface AdminTx {
  id: string;
  nonce: string;
  status: string;
  createdAt: string;
  receivedAt: string | null;
  total: number;
}

async function salesWithNonces(baseURL: string, nonces: string[]): Promise<AdminTx[]> {
  const admin = await apiToken(baseURL, 'admin');
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const list = await callApi<{ items: AdminTx[] }>(baseURL, 'GET', `/api/admin/transactions/?day=${day}&perPage=200`, admin);
  expect(list.status).toBe(200);
  return list.result.items.filter((t) => nonces.includes(t.nonce));
}

test('offline the till keeps selling cash, other and account sales, keeps them over a reload, and books each once when back online', async ({ page, context, baseURL }) => {
  const flush = await ownAccount(baseURL!, 'Offline Ruim', 2_000);
  const tight = await ownAccount(baseURL!, 'Offline Krap', 100);
  await openTill(page, 'bar');
  await tillWorksOffline(page);

  await context.setOffline(true);
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  // Card payments and top-ups need the network: said before anything happens.
  await addProducts(page, 'Pils');
  await payButton(page, 'Card').click();
  const cardRefusal = page.getByRole('dialog', { name: 'Card payments need the network' });
  await expect(cardRefusal).toContainText('The till is offline.');
  await page.screenshot({ path: `${SHOTS}/refused-card-1280.png` });
  await cardRefusal.getByRole('button', { name: /^OK/ }).click();

  // Pils (€ 2,50) would take a prepaid account with € 1,00 below the offline cap of € 0,00.
  await payButton(page, 'Account').click();
  await pickAccount(page.getByRole('dialog', { name: 'Select account' }), tight.name);
  const capRefusal = page.getByRole('dialog', { name: 'Not enough credit offline' });
  await expect(capRefusal).toContainText(`${tight.name} can spend`);
  await expect(capRefusal).toContainText(new RegExp(`This sale is ${moneyPattern(250)}`));
  await page.screenshot({ path: `${SHOTS}/refused-cap-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/refused-cap-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await capRefusal.getByRole('button', { name: /^OK/ }).click();

  // Five sales: the Pils still in the cart for cash, then cash, other, and two on the account.
  await payButton(page, 'Cash').click();
  await page.getByRole('dialog', { name: 'Contant' }).getByRole('button', { name: /^Gereed/ }).click();
  await expect(waiting(page)).toHaveText('1 sale waiting');
  await cashSale(page, 'Cola', 'Chips');
  await addProducts(page, 'Radler');
  await payButton(page, 'Other').click();
  await page.getByRole('dialog', { name: 'Other payment reason' }).getByRole('button', { name: 'Vrijwilligers' }).click();
  await page.getByRole('dialog', { name: 'Anders voldaan' }).getByRole('button', { name: /^Gereed/ }).click();
  await expect(waiting(page)).toHaveText('3 sales waiting');
  await accountSale(page, flush.name, 'Pils', 'Pils');
  await expect(waiting(page)).toHaveText('4 sales waiting');
  await accountSale(page, flush.name, 'Speciaal');
  await expect(waiting(page)).toHaveText('5 sales waiting');
  await page.screenshot({ path: `${SHOTS}/waiting-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/waiting-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Nothing reached the server.
  expect(await balanceOf(baseURL!, flush.name)).toBe(2_000);

  // A reload without network: the till comes back from the service worker's caches, the sales from IndexedDB.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Bier' })).toBeVisible();
  await expect(waiting(page)).toHaveText('5 sales waiting');

  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/checkout\/(cash|other|account)\/$/.test(new URL(r.url()).pathname)) sent.push(r);
  });
  const before = Date.now();
  await context.setOffline(false);
  await expect(waiting(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('Offline', { exact: true })).toHaveCount(0);

  expect(sent).toHaveLength(5);
  const bodies = sent.map((r) => r.postDataJSON() as { nonce: string; madeAt: string });
  const nonces = bodies.map((b) => b.nonce);
  // Sent in the order they were made, each with the moment it was made.
  expect(bodies.map((b) => b.madeAt)).toEqual([...bodies.map((b) => b.madeAt)].sort());
  const booked = await salesWithNonces(baseURL!, nonces);
  expect(booked).toHaveLength(5);
  for (const tx of booked) {
    expect(tx.status).toBe('completed');
    expect(Date.parse(tx.createdAt)).toBeLessThan(before);
    expect(Date.parse(tx.receivedAt!)).toBeGreaterThanOrEqual(Date.parse(tx.createdAt));
  }
  expect(await balanceOf(baseURL!, flush.name)).toBe(2_000 - 2 * 250 - 350);

  // A forced resend of every request, as a till that never heard the answers would: still five sales, booked once.
  const token = await apiToken(baseURL!, 'bar');
  for (const r of sent) {
    const again = await callApi<{ transaction_id: string }>(baseURL!, 'POST', new URL(r.url()).pathname, token, r.postDataJSON());
    expect(again.status).toBe(200);
  }
  const afterResend = await salesWithNonces(baseURL!, nonces);
  expect(afterResend.map((t) => t.id).sort()).toEqual(booked.map((t) => t.id).sort());
  expect(await balanceOf(baseURL!, flush.name)).toBe(2_000 - 2 * 250 - 350);

  // The ledger audit finds every purchase with its posting and every balance with its postings.
  const admin = await apiToken(baseURL!, 'admin');
  const run = await callApi<{ run: { differenceCount: number; incomplete: string | null } | null }>(baseURL!, 'POST', '/api/admin/ledger_audit', admin, {});
  expect(run.status).toBe(200);
  expect(run.result.run).toMatchObject({ differenceCount: 0, incomplete: null });
});

test('a sale the server refuses when it arrives is listed for the bar manager with who sold it', async ({ page, context, baseURL, browser }) => {
  const account = await ownAccount(baseURL!, 'Offline Leeg', 300);
  await openTill(page, 'bar');
  await tillWorksOffline(page);
  await context.setOffline(true);
  // € 2,50 of € 3,00 is fine offline...
  await accountSale(page, account.name, 'Pils');
  await expect(waiting(page)).toHaveText('1 sale waiting');
  // ...but meanwhile the money was spent at another till.
  const otherTill = await apiToken(baseURL!, 'bar');
  const products = await callApi<{ categories: { products: { id: string; name: string }[] }[] }>(baseURL!, 'GET', '/api/products/', otherTill);
  const cola = products.result.categories.flatMap((c) => c.products).find((p) => p.name === 'Cola')!;
  const spent = await callApi(baseURL!, 'POST', '/api/checkout/account/', otherTill, { products: [{ id: cola.id, amount: 1 }], account_id: account.accountId, nonce: `e2e-offline-${Date.now()}` });
  expect(spent.status).toBe(200);

  await context.setOffline(false);
  const refused = page.getByRole('dialog', { name: 'Offline sales refused' });
  await expect(refused).toContainText(`on ${account.name}`);
  await expect(refused).toContainText('Refused offline sales');
  await page.screenshot({ path: `${SHOTS}/refused-replay-1280.png` });
  await expect(waiting(page)).toHaveCount(0);
  expect(await balanceOf(baseURL!, account.name)).toBe(300 - 200);

  const adminContext = await browser.newContext({ baseURL: baseURL! });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/admin/transactions');
  await admin.getByRole('link', { name: 'See refused offline sales' }).click();
  await expect(admin).toHaveURL(/\/admin\/transactions\/offline_refusals$/);
  const row = admin.locator('tbody tr').filter({ hasText: 'Pils' }).first();
  await expect(row).toContainText('bar');
  await expect(row).toContainText(new RegExp(moneyPattern(250)));
  await expect(row).toContainText('insufficient credits');
  await admin.screenshot({ path: `${SHOTS}/admin-refusals-1280.png`, fullPage: true });
  await adminContext.close();
});
