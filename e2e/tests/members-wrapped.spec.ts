import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { callApi, memberWithPin } from './till-helpers';

/**
 * POS Wrapped, in Chromium against the running system: with the board's switch on, a member's /account shows their
 * year at the bar, worked out by the accounts worker (every 15 s in this run), and no other member's name.
 */
test('a member sees their year at the bar on /account once the board switches POS Wrapped on', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await apiToken(baseURL!, 'admin');
  const before = await callApi<{ posWrappedAvailable: boolean }>(baseURL!, 'GET', '/api/admin/settings/', admin);
  expect((await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { posWrappedAvailable: true })).status).toBe(200);
  try {
    const member = await memberWithPin(baseURL!, 'Wrapped Lid', 5_000);
    // Two evenings' worth in one go: three Pils and a Cola on the member's account, paid at the till with the PIN.
    const till = await apiToken(baseURL!, 'till');
    const catalogue = await callApi<{ categories: { products: { id: string; name: string }[] }[] }>(baseURL!, 'GET', '/api/products/', till);
    const product = (name: string) => catalogue.result.categories.flatMap((c) => c.products).find((p) => p.name === name)!.id;
    for (const products of [[{ id: product('Pils'), amount: 3 }], [{ id: product('Cola'), amount: 1 }]]) {
      const sale = await callApi(baseURL!, 'POST', '/api/checkout/account/', till, { products, account_id: member.accountId, pin: '1234', nonce: `e2e-wrapped-${Date.now()}-${Math.random()}` });
      expect(sale.status).toBe(200);
    }

    await signIn(page, member.username, 'member-password', '/account');
    await page.goto('/account');
    const wrapped = page.getByRole('region', { name: /^Your (\d{4}|year) at the bar$/ });
    await expect(wrapped).toBeVisible();
    // The worker's next run takes these sales in; the page asks again after a reload.
    await expect(async () => {
      await page.reload();
      await expect(wrapped.getByText('Most bought')).toBeVisible({ timeout: 2_000 });
      await expect(wrapped).toContainText('4 items', { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await expect(wrapped).toContainText('Pils');
    await expect(wrapped).toContainText('3 times');
    await expect(wrapped.getByRole('img', { name: /^Items per month: / })).toBeVisible();
    await expect(wrapped).not.toContainText('Sophie');
    await page.screenshot({ path: 'test-results/members-wrapped.png', fullPage: true });
  } finally {
    await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { posWrappedAvailable: before.result.posWrappedAvailable });
  }
});
