import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { apiToken, signIn } from './helpers';
import { balanceOf, callApi, moneyPattern, openTill, payButton, successSnackbar, tile } from './till-helpers';

test.use({ hasTouch: true });

/**
 * A tab (issue 50 §4), with this spec's own event account: the bar sells to it at € 0,00 in bar mode (TAB and EVENT
 * badges, not broke within its limit), then the board invoices its sales; the invoice goes to the tab's invoice name
 * and, paid, brings the tab back to € 0,00. Screenshots of the account form with the tab setting go to test-results/shots.
 */
const SENDER = { name: 'Studievereniging Kassa', address: 'Voorbeeldstraat 1\n3511 AB Utrecht', vatNumber: 'NL123456789B01', kvkNumber: '12345678', iban: 'NL91ABNA0417164300', email: 'penningmeester@example.nl' };
const SHOTS = 'test-results/shots';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());

test('a tab is sold to at € 0,00 at the till in bar mode, then invoiced in admin; paid, it is back at € 0,00', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const admin = await apiToken(baseURL!, 'admin');
  const name = `Lustrum Tab ${Date.now().toString(36)}`;
  const invoiceName = `Lustrumcommissie ${name.slice(-6)}`;
  const created = await callApi<{ id: string }>(baseURL!, 'POST', '/api/admin/accounts/', admin, {
    name,
    type: 'event',
    tab: true,
    tabLimit: 10_000,
    invoiceName,
    invoiceAddress: 'Oudegracht 12\n3511 AB Utrecht',
  });
  expect(created.status).toBe(200);
  expect((await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { invoiceSender: SENDER })).status).toBe(200);

  // The till, bar mode, by touch: Pils (€ 2,50) twice on the tab, which holds nothing.
  await openTill(page, 'bar');
  await tile(page, 'Pils').tap();
  await tile(page, 'Pils').tap();
  await payButton(page, 'Account').tap();
  const picker = page.getByRole('dialog', { name: 'Select account' });
  await picker.getByRole('searchbox', { name: 'Search accounts' }).fill(name);
  const tabTile = picker.getByRole('list', { name: 'Accounts' }).getByRole('button').filter({ has: page.getByText(name, { exact: true }) });
  await expect(tabTile).toHaveCount(1);
  await expect(tabTile).toContainText('TAB');
  await expect(tabTile).toContainText('EVENT');
  await expect(tabTile).not.toContainText('SEPA');
  await expect(tabTile).not.toHaveAttribute('data-broke', 'true');
  await tabTile.tap();
  await expect(successSnackbar(page, 500)).toBeVisible();
  expect(await balanceOf(baseURL!, name)).toBe(-500);

  // Admin: the account form shows the tab setting (screenshots), then an invoice for the tab's sales.
  await signIn(page, 'admin');
  await page.goto(`/admin/accounts/${created.result.id}`);
  await expect(page.getByText('Tab (invoiced, never direct debit), limit')).toBeVisible();
  await page.getByRole('button', { name: 'Change', exact: true }).tap();
  const form = page.getByRole('dialog', { name: `Change ${name}` });
  await expect(form.getByLabel(/Runs a tab/)).toBeChecked();
  await expect(form.getByLabel('Invoice to')).toHaveValue(invoiceName);
  await expect(form.getByLabel('Tab limit (€)')).toHaveValue('100,00');
  await expect(form.getByLabel(/Credit account/)).toHaveCount(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/account-form-tab-1280x800.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await form.getByLabel('Tab limit (€)').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/account-form-tab-390x844.png` });
  await form.getByRole('button', { name: 'Cancel' }).tap();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/admin/invoices');
  await page.getByRole('button', { name: 'New invoice' }).tap();
  const invoice = page.getByRole('dialog', { name: 'New invoice' });
  await invoice.getByLabel('Find account').fill(name);
  await invoice.getByLabel('Account', { exact: true }).selectOption({ label: `${name} (tab)` });
  await invoice.getByLabel('From').fill(today());
  await invoice.getByLabel('To (inclusive)').fill(today());
  await expect(invoice.getByRole('region', { name: 'Preview' })).toContainText(new RegExp(`total ${moneyPattern(500)}`));
  await invoice.getByRole('button', { name: 'Make draft' }).tap();
  await expect(page).toHaveURL(/\/admin\/invoices\/[a-f0-9]{24}$/);
  const sheet = page.getByRole('article');
  await expect(sheet).toContainText(invoiceName);
  await expect(sheet).toContainText('Oudegracht 12');

  await page.getByRole('button', { name: 'Finalise' }).tap();
  await page.getByRole('dialog', { name: 'Finalise invoice' }).getByRole('button', { name: 'Finalise' }).tap();
  await expect(page.getByRole('status').filter({ hasText: /is final/ })).toBeVisible();
  await page.getByRole('button', { name: 'Mark paid' }).tap();
  await page.getByRole('dialog', { name: 'Mark invoice paid' }).getByRole('button', { name: 'Mark paid' }).tap();
  await expect(page.getByRole('status').filter({ hasText: /is paid/ })).toBeVisible();
  expect(await balanceOf(baseURL!, name)).toBe(0);
});
