import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { callApi, euros, memberWithPin } from './till-helpers';

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
    // Another member who drinks too: nothing of theirs but the bar's totals may show on this member's page.
    const other = await memberWithPin(baseURL!, 'Ander Lid', 5_000);
    // Two evenings' worth in one go: three Pils and a Cola on the member's account, paid at the till with the PIN.
    const till = await apiToken(baseURL!, 'till');
    const catalogue = await callApi<{ categories: { products: { id: string; name: string; price: number }[] }[] }>(baseURL!, 'GET', '/api/products/', till);
    const product = (name: string) => catalogue.result.categories.flatMap((c) => c.products).find((p) => p.name === name)!;
    const sell = async (accountId: string, products: { id: string; amount: number }[]) => {
      const sale = await callApi(baseURL!, 'POST', '/api/checkout/account/', till, { products, account_id: accountId, pin: '1234', nonce: `e2e-wrapped-${Date.now()}-${Math.random()}` });
      expect(sale.status).toBe(200);
    };
    await sell(other.accountId, [{ id: product('Cola').id, amount: 9 }]);
    await sell(member.accountId, [{ id: product('Pils').id, amount: 3 }]);
    await sell(member.accountId, [{ id: product('Cola').id, amount: 1 }]);
    const spent = 3 * product('Pils').price + product('Cola').price;

    await signIn(page, member.username, 'member-password', '/account');
    await page.goto('/account');
    const wrapped = page.getByRole('region', { name: /^Your (\d{4}|year) at the bar$/ });
    await expect(wrapped).toBeVisible();
    const card = (label: string) => wrapped.locator('.wrapped__card').filter({ hasText: label });
    // The worker's next run takes these sales in; the page asks again after a reload.
    await expect(async () => {
      await page.reload();
      await expect(wrapped.getByText('Most bought')).toBeVisible({ timeout: 2_000 });
      await expect(card('Spent at the bar')).toContainText('2 purchases, 4 items', { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await expect(card('Most bought')).toContainText('Pils');
    await expect(card('Most bought')).toContainText('3 times');
    const today = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Amsterdam' }).format(new Date());
    await expect(card('Busiest evening')).toContainText(today);
    await expect(card('Busiest evening')).toContainText('4 items');
    await expect(card('Spent at the bar')).toContainText(euros(spent));
    // The bar's year holds at least these 13 items (other specs sell too).
    const barItems = Number((await card('You and the bar').textContent())!.match(/of the ([\d.]+) items the bar sold/)![1]!.replace(/\./g, ''));
    expect(barItems).toBeGreaterThanOrEqual(13);
    // Chart.js really drew the bars: pixels of the bar colour on the canvas, not only its label.
    const chart = wrapped.getByRole('img', { name: /^Items per month: / });
    await expect(chart).toBeVisible();
    const thisMonth = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'][Number(new Intl.DateTimeFormat('en', { month: 'numeric', timeZone: 'Europe/Amsterdam' }).format(new Date())) - 1];
    await expect(chart).toHaveAttribute('aria-label', new RegExp(`${thisMonth} 4$`));
    const barPixels = await chart.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] === 0x2f && data[i + 1] === 0x6f && data[i + 2] === 0xd6 && data[i + 3] === 255) n += 1;
      return n;
    });
    expect(barPixels).toBeGreaterThan(50);
    await expect(wrapped).not.toContainText(other.name);
    await page.screenshot({ path: 'test-results/members-wrapped.png', fullPage: true });

    // Switched off by the board: the section leaves the page.
    expect((await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { posWrappedAvailable: false })).status).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(wrapped).toHaveCount(0);
  } finally {
    await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { posWrappedAvailable: before.result.posWrappedAvailable });
  }
});
