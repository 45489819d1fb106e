import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { apiToken, signIn } from './helpers';
import { callApi, memberWithPin, ownProduct } from './till-helpers';

/**
 * Every /admin page of "Administration I", as the board sees it on a laptop and on a phone: each shows more than its
 * heading (rows of a table, a form or a list), none scrolls sideways, and each leaves a screenshot
 * (test-results/admin-<route>-<size>.png) to look at. The records the pages show are this spec's own.
 */
const SIZES = [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

interface Records {
  registerId: string;
  accountId: string;
  userId: string;
  shiftId: string;
}

interface AdminRoute {
  name: string;
  path: (r: Records) => string;
  /** What the page shows beyond its heading once it has loaded. */
  content: string;
}

const ROUTES: AdminRoute[] = [
  { name: 'products', path: () => '/admin/products', content: 'table tbody tr' },
  { name: 'categories', path: () => '/admin/categories', content: 'table tbody tr' },
  { name: 'registers', path: () => '/admin/registers', content: 'table tbody tr' },
  { name: 'register', path: (r) => `/admin/registers/${r.registerId}`, content: 'form[aria-label^="Register "] input' },
  { name: 'bar', path: () => '/admin/bar', content: 'ol.bar__list > li' },
  { name: 'accounts', path: () => '/admin/accounts', content: 'table tbody tr' },
  { name: 'account', path: (r) => `/admin/accounts/${r.accountId}`, content: 'table tbody tr' },
  { name: 'account_requests', path: () => '/admin/account_requests', content: 'table tbody tr' },
  { name: 'debtors', path: () => '/admin/debtors', content: 'table tbody tr' },
  { name: 'users', path: () => '/admin/users', content: 'table tbody tr' },
  { name: 'user', path: (r) => `/admin/users/${r.userId}`, content: 'dl dt' },
  { name: 'transactions', path: () => '/admin/transactions', content: 'table tbody tr' },
  { name: 'offline_refusals', path: () => '/admin/transactions/offline_refusals', content: 'table tbody tr' },
  { name: 'reports', path: () => '/admin/reports', content: 'table tbody tr' },
  { name: 'shifts', path: () => '/admin/shifts', content: 'table tbody tr' },
  { name: 'shift', path: (r) => `/admin/shifts/${r.shiftId}`, content: 'dl dt' },
  { name: 'audit_logs', path: () => '/admin/audit_logs', content: 'table tbody tr' },
  { name: 'settings', path: () => '/admin/settings', content: 'form[aria-label="Settings"] input' },
];

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A register, a product sold once, a member with a topped-up account, and a pending account request: all this spec's. */
async function makeRecords(baseURL: string): Promise<Records> {
  const admin = await apiToken(baseURL, 'admin');
  const tag = unique();
  const register = await callApi<{ id: string }>(baseURL, 'POST', '/api/admin/registers/', admin, { name: `Pages ${tag}`, capabilities: ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_SELF'] });
  expect(register.status).toBe(200);

  const product = await ownProduct(baseURL, 'Pagina Pils', 235);
  const till = await apiToken(baseURL, 'till');
  const sale = await callApi(baseURL, 'POST', '/api/checkout/cash/', till, { products: [{ id: product.id, amount: 1 }], nonce: `e2e-pages-${tag}` });
  expect(sale.status).toBe(200);
  // A sale "made offline" too long ago: refused when it arrives, and listed as a refused offline sale.
  const tooOld = new Date(Date.now() - 9 * 86_400_000).toISOString();
  const refused = await callApi(baseURL, 'POST', '/api/checkout/cash/', till, { products: [{ id: product.id, amount: 1 }], nonce: `e2e-pages-old-${tag}`, madeAt: tooOld });
  expect(refused.status).toBe(422);

  const member = await memberWithPin(baseURL, 'Pagina Lid', 1250);
  const users = await callApi<{ items: { id: string; username: string }[] }>(baseURL, 'GET', `/api/admin/users/?search=${member.username}`, admin);
  const userId = users.result.items.find((u) => u.username === member.username)?.id;
  expect(userId).toBeTruthy();

  // A user at a register with PAYMENT_ACCOUNT_SELF and no account asks for one: a pending request on the list.
  const asker = `pages-${tag}`;
  expect((await callApi(baseURL, 'POST', '/api/admin/users/', admin, { username: asker, password: 'pages-password', registerId: register.result.id })).status).toBe(200);
  const askerToken = await apiToken(baseURL, asker, 'pages-password');
  expect((await callApi(baseURL, 'POST', '/api/user/condition/', askerToken)).status).toBeLessThan(300);
  const request = await callApi(baseURL, 'POST', '/api/account_request/request', askerToken, { pin: '2468', creditAccount: false, acceptTerms: true, name: `Pagina Aanvraag ${tag}` });
  expect(request.status).toBe(200);

  // The register's shift, with a cash sale in it: on the shifts list, and a report of its own.
  const shift = await callApi<{ id: string }>(baseURL, 'POST', '/api/shifts/', askerToken, { float: { '1000': 2 } });
  expect(shift.status).toBe(200);
  expect((await callApi(baseURL, 'POST', '/api/checkout/cash/', askerToken, { products: [{ id: product.id, amount: 2 }], nonce: `e2e-pages-shift-${tag}` })).status).toBe(200);

  return { registerId: register.result.id, accountId: member.accountId, userId: userId!, shiftId: shift.result.id };
}

/**
 * Opens `path` inside the loaded app, as a click in the sidebar does (the history and react-router's popstate), and
 * waits until the page before it has gone: its heading is another page's. A fresh load of the shell and the remotes
 * for each of the 36 pages was about half of this spec's time (alone: 38.6 s with them, 19.9 s without); the first
 * page of each size is loaded fresh.
 */
async function openInApp(page: Page, path: string) {
  const heading = page.locator('.k-page').getByRole('heading', { level: 1 });
  const before = await heading.textContent();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(heading).not.toHaveText(before ?? '');
}

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
}

let records: Records;

test.beforeAll(async ({ baseURL }) => {
  records = await makeRecords(baseURL!);
});

for (const size of SIZES) {
  test(`every admin page shows its content without sideways scrolling at ${size.width}x${size.height}`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'admin');
    for (const [i, route] of ROUTES.entries()) {
      await test.step(route.name, async () => {
        if (i === 0) await page.goto(route.path(records));
        else await openInApp(page, route.path(records));
        const main = page.locator('.k-page');
        await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(main.locator(route.content).first(), `${route.name}: more than its heading`).toBeVisible();
        await expect(main.getByRole('progressbar')).toHaveCount(0);
        await page.screenshot({ path: join(testInfo.project.outputDir, `admin-${route.name}-${size.label}.png`), fullPage: true });
        const { scrollWidth, innerWidth } = await horizontalOverflow(page);
        expect.soft(scrollWidth, `${route.name} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
      });
    }
  });
}
