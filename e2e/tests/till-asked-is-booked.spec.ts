import { expect, test, type Page, type Request } from '@playwright/test';
import { apiToken } from './helpers';
import { addProducts, callApi, cents, openTill, swipeCard } from './till-helpers';

/** The total the server booked for a sale, read back through the admin API. */
export async function bookedTotal(baseURL: string, transactionId: string): Promise<number> {
  const admin = await apiToken(baseURL, 'admin');
  const list = await callApi<{ items: { id: string; total: number; upgrade: { amount: number } | null }[] }>(baseURL, 'GET', '/api/admin/transactions/?perPage=200', admin);
  const sale = list.result.items.find((t) => t.id === transactionId);
  if (!sale) throw new Error(`sale ${transactionId} not booked`);
  return sale.total + (sale.upgrade?.amount ?? 0);
}

/** What a checkout request posted and what the server answered. */
export async function checkoutCall(page: Page, method: string, act: () => Promise<void>) {
  const requested = page.waitForRequest((r: Request) => r.method() === 'POST' && r.url().includes(`/api/checkout/${method}/`));
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/checkout/${method}/`));
  await act();
  const body = (await requested).postDataJSON() as { products: { id: string; amount: number }[]; expectedTotal?: number; nonce: string };
  const result = ((await (await answered).json()) as { result: { transaction_id: string; total: number } }).result;
  return { body, result };
}

test('a payment modal freezes the order: the strip offers no Remove under it, and the amount shown is posted and booked', async ({ page, baseURL }) => {
  await openTill(page, 'till');
  await addProducts(page, 'Pils', 'Nootjes');
  const added = page.getByRole('group', { name: 'Product added' });
  await expect(added.getByRole('button')).toHaveCount(1);

  // Cash, and at once a tap on the strip's Remove of the last product (if it is there): a modal's order cannot change.
  await page.evaluate(async () => {
    document.querySelector<HTMLElement>('.till-pay--cash')!.click();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    document.querySelector<HTMLElement>('[aria-label="Product added"] button')?.click();
  });
  const modal = page.getByRole('dialog', { name: 'Contant' });
  await expect(modal).toBeVisible();
  const shown = cents((await modal.locator('.till-price__amount').innerText()).replace('Amount', ''));
  expect(shown).toBeGreaterThan(0);
  await expect(added.getByRole('button')).toHaveCount(0);
  await swipeCard(page, '$e2e-not-a-card');
  await expect(modal).toBeVisible();

  // The change for a € 50 note, tapped twice by accident: the same change, and nothing of it is booked.
  const fifty = modal.getByRole('button', { name: '€ 50' });
  await fifty.dblclick();
  await expect(modal.getByRole('status')).toContainText('Change');
  expect(cents((await modal.getByRole('status').innerText()).replace('Change', ''))).toBe(5000 - shown);

  const { body, result } = await checkoutCall(page, 'cash', () => modal.getByRole('button', { name: /^Gereed/ }).click());
  expect(body.expectedTotal).toBe(shown);
  expect(result.total).toBe(shown);
  expect(await bookedTotal(baseURL!, result.transaction_id)).toBe(shown);
});
