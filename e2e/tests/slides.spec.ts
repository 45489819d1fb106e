import { expect, test } from '@playwright/test';
import { apiToken } from './helpers';
import { callApi, ownAccount, ownProduct } from './till-helpers';

test.use({ viewport: { width: 1920, height: 1080 } });

const nonce = (tag: string) => `e2e-slides-${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

test('/slides/bar shows the menu with prices without signing in', async ({ page }) => {
  await page.goto('/slides/bar');
  await expect(page).toHaveURL(/\/slides\/bar$/);
  const bier = page.getByRole('region', { name: 'Bier' }).first();
  await expect(bier.getByText('Pils', { exact: true })).toBeVisible();
  await expect(bier.locator('li', { hasText: /^Pils/ }).getByText('€ 2,50')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Warme dranken' })).toBeVisible();
  // Made for a TV: the whole demo menu is on screen at once, nothing to scroll.
  const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByText('Glas port')).toBeInViewport();
});

test('/slides/transactions shows a sale made at the till in another browser within two seconds', async ({ browser, page, baseURL }) => {
  await page.goto('/slides/transactions');
  await expect(page.locator('.live__feed[data-status="open"]')).toBeVisible();

  const till = await browser.newContext({ baseURL });
  try {
    const token = await apiToken(baseURL!, 'till');
    // A product of this spec's own makes its row recognisable (the feed carries no sale ids).
    const product = await ownProduct(baseURL!, 'Proefbier', 350);
    const count = 3;
    const res = await till.request.post('/api/checkout/cash/', {
      headers: { authorization: `Bearer ${token}` },
      data: { products: [{ id: product.id, amount: count }], nonce: nonce('cash') },
    });
    expect(res.ok()).toBe(true);
    const sale = (await res.json()).result as { transaction_id: string };
    await product.hide();

    const recent = page.getByRole('list', { name: 'Recent sales' }).getByRole('listitem');
    const row = recent.filter({ hasText: `${count}× ${product.name}` });
    await expect(row).toHaveCount(1, { timeout: 2_000 });
    await expect(row).toContainText(new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format((count * product.price) / 100));
    await expect(recent.first()).toContainText(`${count}× ${product.name}`);
    await expect(page.locator('body')).not.toContainText(sale.transaction_id);
    expect(await page.locator(`[data-id="${sale.transaction_id}"]`).count()).toBe(0);
  } finally {
    await till.close();
  }
});

test('an account sale shows no name unless the board chose names on the slide, then the first name only; an undone sale is marked', async ({ browser, page, baseURL }) => {
  await page.goto('/slides/transactions');
  await expect(page.locator('.live__feed[data-status="open"]')).toBeVisible();

  const bar = await browser.newContext({ baseURL });
  const admin = await apiToken(baseURL!, 'admin');
  const showNames = async (on: boolean) => expect((await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { slideShowsNames: on })).status).toBe(200);
  try {
    const token = await apiToken(baseURL!, 'bar');
    const headers = { authorization: `Bearer ${token}` };
    // A member of this spec's own, with a first name no other row can hold by chance (a demo account's "1e" once
    // matched a product's time-based suffix on the same screen).
    const person = await ownAccount(baseURL!, 'Slidegast', 5_000);
    const [first, ...rest] = person.name.split(' ');
    // A product of this spec's own makes its rows recognisable (the feed carries no sale ids).
    const product = await ownProduct(baseURL!, 'Slidebier', 250);
    const sell = async (count: number) => {
      const res = await bar.request.post('/api/checkout/account/', {
        headers,
        data: { products: [{ id: product.id, amount: count }], account_id: person.accountId, nonce: nonce('account') },
      });
      expect(res.ok()).toBe(true);
      return (await res.json()).result as { transaction_id: string; balance_after: number };
    };
    const row = (count: number) => page.getByRole('list', { name: 'Recent sales' }).getByRole('listitem').filter({ hasText: `${count}× ${product.name}` });

    // Off by default: a public screen pairs nobody with their drinks.
    await showNames(false);
    await sell(1);
    await expect(row(1)).toHaveCount(1, { timeout: 2_000 });
    await expect(row(1).locator('.live__who')).toHaveText('');
    await expect(page.locator('body')).not.toContainText(first!);

    await showNames(true);
    const sale = await sell(2);
    await expect(row(2)).toHaveCount(1, { timeout: 2_000 });
    await expect(row(2)).toContainText(first!);
    await expect(page.locator('body')).not.toContainText(rest.join(' '));
    const balance = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(sale.balance_after / 100);
    await expect(page.locator('body')).not.toContainText(balance);

    // Undone at the till: the row stays, marked, its amount struck through; the other sale is untouched.
    const undo = await bar.request.post(`/api/transactions/${sale.transaction_id}/undo/`, { headers, data: {} });
    expect(undo.ok()).toBe(true);
    await expect(row(2)).toContainText('Undone');
    await expect(row(2).locator('s')).toHaveText('€ 5,00');
    await expect(row(1)).not.toContainText('Undone');
    await product.hide();
  } finally {
    await showNames(false);
    await bar.close();
  }
});
