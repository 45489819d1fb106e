import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken } from './helpers';
import { ownProduct } from './till-helpers';

test.use({ viewport: { width: 1920, height: 1080 } });

interface Product {
  id: string;
  name: string;
  price: number;
}

async function productNamed(request: APIRequestContext, token: string, name: string): Promise<Product> {
  const res = await request.get('/api/products/', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const { categories } = (await res.json()).result as { categories: { products: Product[] }[] };
  const product = categories.flatMap((c) => c.products).find((p) => p.name === name);
  if (!product) throw new Error(`no product ${name}`);
  return product;
}

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

test('an account sale shows only the first name and no balance', async ({ browser, page, baseURL }) => {
  await page.goto('/slides/transactions');
  await expect(page.locator('.live__feed[data-status="open"]')).toBeVisible();

  const bar = await browser.newContext({ baseURL });
  try {
    const token = await apiToken(baseURL!, 'bar');
    const headers = { authorization: `Bearer ${token}` };
    const accounts = (await (await bar.request.get('/api/accounts/', { headers })).json()).result.accounts as {
      id: string;
      name: string;
      balance: number;
    }[];
    const person = accounts.find((a) => /^\S+ .+/.test(a.name) && !a.name.startsWith('@') && a.balance >= 5_000);
    if (!person) throw new Error('no member account with a full name and money on it');
    const pils = await productNamed(bar.request, token, 'Pils');
    const res = await bar.request.post('/api/checkout/account/', {
      headers,
      data: { products: [{ id: pils.id, amount: 2 }], account_id: person.id, nonce: nonce('account') },
    });
    expect(res.ok()).toBe(true);
    const sale = (await res.json()).result as { transaction_id: string; balance_after: number };

    const row = page.getByRole('list', { name: 'Recent sales' }).getByRole('listitem').filter({ hasText: '2× Pils' }).first();
    await expect(row).toContainText('2× Pils', { timeout: 2_000 });
    const [first, ...rest] = person.name.split(' ');
    await expect(row).toContainText(first!);
    await expect(page.locator('body')).not.toContainText(rest.join(' '));
    const balance = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(sale.balance_after / 100);
    await expect(page.locator('body')).not.toContainText(balance);
  } finally {
    await bar.close();
  }
});
