import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { apiToken, resizeShell, signIn } from './helpers';
import { callApi, memberWithPin, onMembersRegister } from './till-helpers';

const euros = (cents: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const DUTCH_DATE = /\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}/;

/**
 * /admin/ideal: a member of this spec's own tops up € 12,50 at the stand-in bank, which takes the money but loses the
 * callback (and the member never comes back to Kassa). The treasurer finds the open payment, checks it again, and the
 * account is credited once.
 */
test('the treasurer checks a top-up whose callback never came again: paid, credited once', async ({ page, browser, baseURL }) => {
  const member = await memberWithPin(baseURL!, 'iDEAL Lid', 2_500);
  await onMembersRegister(baseURL!, member.username);
  const memberToken = await apiToken(baseURL!, member.username, member.password);
  const balance = async () => (await callApi<{ balance: number }>(baseURL!, 'GET', '/api/account/', memberToken)).result.balance;

  // The member at the bank: paid, no callback, and the tab is closed.
  await signIn(page, member.username, member.password, '/account');
  await page.getByLabel('Amount in euros').fill('12,50');
  await page.getByRole('button', { name: 'Top up with iDEAL' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/standin\/tr_/);
  await expect(page.locator('.amount')).toHaveText(euros(1_250));
  const providerId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.getByRole('button', { name: 'Paid, but the callback is lost' }).click();
  await expect(page.getByRole('status')).toHaveText('This payment has been paid.');
  await page.close();
  expect(await balance()).toBe(2_500);

  // The treasurer.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await context.newPage();
  await signIn(admin, 'admin', 'admin', '/admin/ideal?status=open');
  await expect(admin.getByRole('heading', { name: 'iDEAL payments' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Open', pressed: true })).toBeVisible();
  const row = admin.locator('tbody tr').filter({ hasText: providerId });
  await expect(row).toContainText(member.name);
  await expect(row).toContainText(euros(1_250));
  await expect(row).toContainText('Open');
  await expect(row).toContainText(DUTCH_DATE);

  // Only this account's payments, every status: the filters are in the URL.
  await row.getByRole('button', { name: member.name }).click();
  await expect(admin).toHaveURL(new RegExp(`account=${member.accountId}`));
  await admin.getByRole('button', { name: 'All', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/ideal\?account=[0-9a-f]{24}&page=1$/);
  await expect(admin.locator('tbody tr')).toHaveCount(1);
  await admin.screenshot({ path: join('test-results', 'admin-ideal-desktop.png'), fullPage: true });

  // "Check again" says what will happen before anything is asked.
  await admin.getByRole('button', { name: /^Check again: the top-up of/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Check payment again' });
  await expect(dialog).toContainText(`If it was paid, ${euros(1_250)} is credited to the account ${member.name}, once`);
  await admin.screenshot({ path: join('test-results', 'admin-ideal-confirm-desktop.png') });
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await expect(admin.getByRole('status')).toHaveText(`Paid: ${euros(1_250)} is credited to ${member.name}.`);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Credited');
  await expect(row.getByRole('button', { name: /^Check again/ })).toHaveCount(0);
  expect(await balance()).toBe(3_750);

  // Two more checks at the same moment (another treasurer, a second tab) change nothing.
  const adminToken = await apiToken(baseURL!, 'admin');
  const list = await callApi<{ items: { id: string; providerId: string }[] }>(baseURL!, 'GET', `/api/admin/ideal/?account=${member.accountId}`, adminToken);
  const paymentId = list.result.items.find((p) => p.providerId === providerId)!.id;
  const again = await Promise.all([0, 1].map(() => callApi<{ outcome: string }>(baseURL!, 'POST', `/api/admin/ideal/${paymentId}/check/`, adminToken)));
  expect(again.map((r) => [r.status, r.result.outcome])).toEqual([
    [200, 'already_credited'],
    [200, 'already_credited'],
  ]);
  expect(await balance()).toBe(3_750);
  const history = await callApi<{ items: { description: string; amount: number }[] }>(baseURL!, 'GET', '/api/account/transactions?page=1&perPage=15', memberToken);
  expect(history.result.items.filter((t) => t.description === 'Online top-up (iDEAL)')).toEqual([expect.objectContaining({ amount: 1_250 })]);

  // The payment's history holds the check: who, before and after.
  const audit = await callApi<{ items: { action: string; actor: { username: string } }[] }>(baseURL!, 'GET', `/api/admin/audit_logs?entityId=${paymentId}`, adminToken);
  expect(audit.result.items.map((e) => [e.action, e.actor.username])).toEqual([['ideal_payment.credit', 'admin']]);

  // On a phone: no sideways scrolling.
  await resizeShell(admin, { width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await admin.screenshot({ path: join('test-results', 'admin-ideal-phone.png'), fullPage: true });

  // The account's history shows the top-up.
  await resizeShell(admin, { width: 1440, height: 900 });
  await row.getByRole('link', { name: `Account history of ${member.name}` }).click();
  await expect(admin).toHaveURL(`/admin/accounts/${member.accountId}`);
  await expect(admin.locator('tbody tr').filter({ hasText: 'Online top-up (iDEAL)' })).toContainText(euros(1_250));
  await context.close();
});
