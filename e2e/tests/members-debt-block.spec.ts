import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { apiToken } from './helpers';
import { balanceOf, callApi, cartTotal, openTill, payButton, pickAccount, successSnackbar, tile } from './till-helpers';

/**
 * A failed debit followed up (issue 48 §3) on the real system: the member gets the mail, and a month after the failure
 * the till refuses the account's purchases with what it owes; paying it lifts the block at once. The running system
 * has no clock a test may move, so the month is moved instead: the bank's reversal is reported to accounts (its
 * internal route, as payments reports it) as having happened 35 days ago, which is the system's clock 35 days on.
 */
const OWES = 3_000;
const DAY = 86_400_000;
/** The services' development internal token (libs/service-kit config), which `npm start` runs with. */
const INTERNAL_TOKEN = 'kassa-internal-dev-token';

// A bar tablet, tapped.
test.use({ hasTouch: true, viewport: { width: 1024, height: 768 } });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a failed debit mails the member and, a month on, blocks the account at the till until the debt is paid', async ({ page, baseURL }, testInfo) => {
  const base = baseURL!;
  const admin = await apiToken(base, 'admin');
  const tag = unique();
  const name = `Schuld Lid ${tag}`;
  const account = await callApi<{ id: string }>(base, 'POST', '/api/admin/accounts/', admin, { name, creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', mandateId: `KASSA-E2E-B${tag.toUpperCase()}`, mandateSignedAt: '2025-09-01' });
  expect(account.status).toBe(200);
  const id = account.result.id;
  const username = `schuld-${tag}`;
  expect((await callApi(base, 'POST', '/api/admin/users/', admin, { username, password: 'schuld-password', accountId: id })).status).toBe(200);
  const member = await apiToken(base, username, 'schuld-password');
  const email = `${username}@example.org`;
  expect((await callApi(base, 'PUT', '/api/user/profile', member, { email, language: 'nl' })).status).toBe(200);
  // The debit the bank reversed: the debt back on the account.
  expect((await callApi(base, 'POST', `/api/admin/accounts/${id}/upgrade/`, admin, { amount: -OWES, method: 'correction', reason: 'e2e: reversed debit', nonce: `e2e-block-${tag}` })).status).toBe(200);

  const accounts = new URL(base);
  accounts.port = String(Number(accounts.port) + 1);
  accounts.pathname = `/internal/accounts/${id}/direct-debit-failure`;
  const failed = await fetch(accounts, {
    method: 'POST',
    headers: { 'x-internal-token': INTERNAL_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ batchId: 'e2eb'.padEnd(24, '0'), amount: OWES, at: new Date(Date.now() - 35 * DAY).toISOString() }),
  });
  expect(failed.status, await failed.text()).toBe(200);

  // The mail, through real SMTP into the local catcher (the gateway's port + 6).
  const inbox = new URL(base);
  inbox.port = String(Number(inbox.port) + 6);
  inbox.pathname = '/mails.json';
  await expect
    .poll(async () => ((await (await fetch(inbox)).json()) as { to: string[]; subject: string }[]).filter((m) => m.to.includes(email)).map((m) => m.subject.replace(/\u00a0/g, ' ')))
    .toContain('Incasso van € 30,00 mislukt');

  // At the till: the account is blocked, the till says why and keeps the order.
  await openTill(page, 'bar');
  await tile(page, 'Pils').tap();
  await payButton(page, 'Account').tap();
  await pickAccount(page.getByRole('dialog', { name: 'Select account' }), name);
  const blocked = page.getByRole('dialog', { name: 'Account blocked' });
  await expect(blocked).toContainText('blocked: open debt EUR 30,00');
  await page.screenshot({ path: join(testInfo.project.outputDir, 'members-debt-block-till.png') });
  await blocked.getByRole('button', { name: /^OK/ }).tap();
  await expect(cartTotal(page)).toContainText('2,50');
  expect(await balanceOf(base, name)).toBe(-OWES);

  // Paid at the bar by the board (cash): the block is gone at once, and the next sale goes through.
  expect((await callApi(base, 'POST', `/api/admin/accounts/${id}/upgrade/`, admin, { amount: OWES + 500, method: 'cash_payment', reason: 'e2e: debt paid', nonce: `e2e-paid-${tag}` })).status).toBe(200);
  await payButton(page, 'Account').tap();
  await pickAccount(page.getByRole('dialog', { name: 'Select account' }), name);
  await expect(successSnackbar(page, 250)).toBeVisible();
  expect(await balanceOf(base, name)).toBe(250);
});
