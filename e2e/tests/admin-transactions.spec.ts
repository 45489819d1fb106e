import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { moneyPattern } from './till-helpers';

interface Product {
  id: string;
  name: string;
  price: number;
}

/** Waits for an admin page's heading, accepting the terms first when admin is asked (a first visit). */
async function adminPageReady(page: Page, heading: string) {
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  const ready = page.getByRole('heading', { name: heading, exact: true });
  await expect(terms.or(ready).first()).toBeVisible();
  if (await terms.isVisible()) await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(ready).toBeVisible();
}

/** A cash sale of one product at the "Till" register, made through the public API. */
async function cashSale(baseURL: string, productName: string): Promise<{ id: string; product: Product }> {
  const token = await apiToken(baseURL, 'till');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const products = (await (await fetch(`${baseURL}/api/products/`, { headers })).json()) as { result: { categories: { products: Product[] }[] } };
  const product = products.result.categories.flatMap((c) => c.products).find((p) => p.name === productName);
  if (!product) throw new Error(`no product ${productName}`);
  const res = await fetch(`${baseURL}/api/checkout/cash/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ products: [{ id: product.id, amount: 1 }], nonce: `e2e-admin-${Date.now()}-${Math.random().toString(36).slice(2)}` }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { transaction_id: string } };
  return { id: body.result.transaction_id, product };
}

test('a sale made at the till is on /admin, the ledger audit finds no differences, and an undo is in the audit log', async ({ page, baseURL }) => {
  const sale = await cashSale(baseURL!, 'Speciaal');

  await signIn(page, 'admin');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/transactions$/);
  await adminPageReady(page, 'Transactions');

  const row = page.locator(`tr[data-id="${sale.id}"]`);
  await expect(row).toContainText('Cash');
  await expect(row).toContainText('Speciaal');
  await expect(row).toContainText(new RegExp(moneyPattern(sale.product.price)));
  await expect(row).toContainText('till');
  await expect(row).toContainText('Completed');
  // Newest first.
  await expect(page.locator('tbody tr').first()).toHaveAttribute('data-id', sale.id);

  const audit = page.getByRole('region', { name: 'Ledger audit' });
  await audit.getByRole('button', { name: 'Run audit now' }).click();
  await expect(audit).toContainText('(run by an administrator)', { timeout: 30_000 });
  await expect(audit.getByText(/No differences: every balance matches its postings and every purchase its posting\./)).toBeVisible();
  await expect(audit.getByRole('alert')).toHaveCount(0);

  await row.getByRole('button', { name: /^Undo the cash sale/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo transaction' });
  await expect(dialog).toContainText(new RegExp(`Give ${moneyPattern(sale.product.price)} back from the cash box\\.`));
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Transaction undone.' })).toBeVisible();
  await expect(row).toContainText('Undone');
  await expect(row.getByRole('button', { name: /^Undo/ })).toHaveCount(0);

  await page.goto('/admin/audit_logs?entity=transaction');
  await adminPageReady(page, 'Audit logs');
  // Checkout hands its audit entries to accounts after answering: look again until the undo is there.
  const undoEntry = page.getByRole('row').filter({ hasText: sale.id });
  await expect(async () => {
    await page.reload();
    await expect(undoEntry).toContainText('transaction.undo', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(undoEntry).toContainText('admin');
  await expect(page.getByLabel('Target')).toHaveValue('transaction');
});
