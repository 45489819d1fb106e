import { expect, test } from '@playwright/test';
import { apiToken } from './helpers';
import { callApi, moneyPattern, openTill, ownProduct } from './till-helpers';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A shift on a register of the spec's own (shifts are per register, so no other spec's sales land in its drawer):
 * opened from the menu with a counted float, a cash sale in it, a safe drop, and the close with expected, counted and
 * difference. It changes no shared setting.
 */
test('a till opens a shift with a counted float, sees the expected cash and closes with the difference', async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!, 'admin');
  const register = await callApi<{ id: string }>(baseURL!, 'POST', '/api/admin/registers/', admin, { name: `Kelder ${unique()}`, capabilities: ['PAYMENT_CASH', 'PAYMENT_OTHER', 'PAYMENT_UNDO'] });
  expect(register.status).toBe(200);
  const username = `kelder-${unique()}`;
  const password = 'kelder-tap-1';
  expect((await callApi(baseURL!, 'POST', '/api/admin/users/', admin, { username, password, registerId: register.result.id })).status).toBe(200);
  const product = await ownProduct(baseURL!, 'Kelderbier', 250);

  await openTill(page, username, password);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Shift' }).click();
  await expect(page.getByText('No shift is open at this register.')).toBeVisible();
  await page.getByRole('spinbutton', { name: /^Float: number of €\s50,00$/ }).fill('2');
  await page.getByRole('spinbutton', { name: /^Float: number of €\s1,00$/ }).fill('5');
  await page.getByRole('button', { name: new RegExp(`^Open shift with ${moneyPattern(10_500)}$`) }).click();
  await expect(page.getByTestId('expected-cash')).toHaveText(new RegExp(moneyPattern(10_500)));

  // A cash sale at this register joins the shift (the server sets it; the till sends no shift).
  const tap = await apiToken(baseURL!, username, password);
  expect((await callApi(baseURL!, 'POST', '/api/checkout/cash/', tap, { products: [{ id: product.id, amount: 2 }], nonce: `e2e-shift-${unique()}` })).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('expected-cash')).toHaveText(new RegExp(moneyPattern(11_000)));

  await page.getByRole('textbox', { name: 'Amount to the safe (€)' }).fill('50');
  await page.getByRole('button', { name: 'Record safe drop' }).click();
  await expect(page.getByTestId('expected-cash')).toHaveText(new RegExp(moneyPattern(6_000)));

  // Counted € 59,00: € 1,00 short, within the note threshold.
  const close = page.getByRole('region', { name: 'Close the shift' });
  await close.getByRole('spinbutton', { name: /^Count: number of €\s50,00$/ }).fill('1');
  await close.getByRole('spinbutton', { name: /^Count: number of €\s1,00$/ }).fill('9');
  await expect(close.getByTestId('close-difference')).toHaveText(new RegExp(`-\\s?${moneyPattern(100)}|${moneyPattern(-100)}`));
  await close.getByRole('button', { name: 'Close shift' }).click();
  const closed = page.getByRole('region', { name: 'Shift closed' });
  await expect(closed).toContainText(new RegExp(`Expected\\s*${moneyPattern(6_000)}`));
  await expect(closed).toContainText(new RegExp(`Counted\\s*${moneyPattern(5_900)}`));
  await product.hide();
});
