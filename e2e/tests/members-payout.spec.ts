import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiToken, resizeShell, secondAdmin, signIn } from './helpers';
import { callApi, moneyPattern } from './till-helpers';

/**
 * A leaver paid out (issue 48 §4) on the real system, in Chromium: the spec's own member asks on /account (phone), the
 * admin prepares the approval on /admin/payouts and a second admin of the spec's own approves it, the admin makes the
 * pain.001 file, downloads it and marks it sent; the member's account is then closed at € 0,00 and the mail is in the
 * local catcher. Screens at tablet and phone size are left in test-results/ (members-payout-*.png).
 */
const BALANCE = 1_250;
const SIZES = [
  { label: 'tablet', width: 820, height: 1180 },
  { label: 'phone', width: 390, height: 844 },
] as const;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The page at tablet and phone size, then back at the size it had. */
async function shoot(page: Page, name: string, outputDir: string) {
  const before = page.viewportSize()!;
  for (const size of SIZES) {
    await resizeShell(page, size);
    await page.screenshot({ path: join(outputDir, `members-payout-${name}-${size.label}.png`), fullPage: true });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    expect.soft(scrollWidth, `${name} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  }
  await resizeShell(page, before);
}

/** What the local mail catcher `npm start` runs (the gateway's port + 6) has received for `address`. */
async function subjectsTo(baseURL: string, address: string): Promise<string[]> {
  const inbox = new URL(baseURL);
  inbox.port = String(Number(inbox.port) + 6);
  inbox.pathname = '/mails.json';
  const mails = (await (await fetch(inbox)).json()) as { to: string[]; subject: string }[];
  return mails.filter((m) => m.to.includes(address)).map((m) => m.subject.replace(/\u00a0/g, ' '));
}

/** A member of this spec's own with € 12,50 on a prepaid account, an address for mail, and the terms accepted. */
async function leaver(baseURL: string) {
  const admin = await apiToken(baseURL, 'admin');
  const tag = unique();
  const name = `Vertrekker Zoë ${tag}`;
  const account = await callApi<{ id: string }>(baseURL, 'POST', '/api/admin/accounts/', admin, { name });
  expect(account.status).toBe(200);
  const topUp = await callApi(baseURL, 'POST', `/api/admin/accounts/${account.result.id}/upgrade/`, admin, { amount: BALANCE, method: 'cash_payment', reason: 'e2e: last top-up', nonce: `e2e-payout-${tag}` });
  expect(topUp.status).toBe(200);
  const username = `vertrek-${tag}`;
  const password = 'vertrek-password';
  expect((await callApi(baseURL, 'POST', '/api/admin/users/', admin, { username, password, accountId: account.result.id })).status).toBe(200);
  const member = await apiToken(baseURL, username, password);
  expect((await callApi(baseURL, 'POST', '/api/user/condition/', member)).status).toBeLessThan(300);
  const email = `${username}@example.org`;
  expect((await callApi(baseURL, 'PUT', '/api/user/profile', member, { email, language: 'nl' })).status).toBe(200);
  // The association's own account pays the transfers (the same details admin-direct-debit.spec.ts sets).
  const creditor = await callApi(baseURL, 'PUT', '/api/admin/settings/', admin, { creditorName: 'Studievereniging Kassa', creditorIban: 'NL91ABNA0417164300', creditorBic: 'ABNANL2A', creditorId: 'NL28ZZZ401234560000' });
  expect(creditor.status).toBe(200);
  return { name, accountId: account.result.id, username, password, email, admin };
}

test('a member asks for a payout on /account, two admins approve, the file is made and sent, the account is closed at € 0,00 and the mail arrives', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const m = await leaver(base);
  const out = testInfo.project.outputDir;

  // The member, on a phone.
  const memberPage = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  await signIn(memberPage, m.username, m.password);
  await memberPage.goto('/account');
  const section = memberPage.getByRole('region', { name: 'Leaving? Pay out your balance' });
  await expect(section).toContainText(new RegExp(`You have ${moneyPattern(BALANCE)} on your account`));
  await section.getByLabel('IBAN').fill('nl20');
  await expect(section).toContainText('IBAN must be uppercase.');
  await section.getByLabel('IBAN').fill('NL20 INGB 0001 2345 67');
  await section.getByLabel('Account holder').fill('Zoë & Co Vertrekker');
  await section.getByRole('button', { name: 'Ask for payout' }).click();
  const ask = memberPage.getByRole('dialog', { name: 'Ask for your payout' });
  await expect(ask).toContainText(new RegExp(`Your balance, now ${moneyPattern(BALANCE)}, is transferred to NL20 INGB 0001 2345 67`));
  await ask.getByRole('button', { name: 'Ask for payout' }).click();
  await expect(section.getByRole('status')).toContainText('waiting for the board');
  await shoot(memberPage, 'asked', out);

  // The admin prepares the approval; nothing is frozen until a second admin approves.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin');
  await page.goto('/admin/payouts');
  const row = page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: m.name });
  await expect(row).toContainText('Requested');
  await expect(row).toContainText('NL20 INGB … 4567');
  await row.getByRole('button', { name: `Approve the payout of ${m.name}` }).click();
  await page.getByRole('dialog', { name: 'Approve the payout' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toContainText('Prepared by admin');
  await expect(row.getByRole('button', { name: 'Prepared by admin — waiting for a second admin' })).toBeDisabled();
  await shoot(page, 'prepared', out);

  const second = await secondAdmin(base);
  const approver = await (await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true })).newPage();
  await signIn(approver, second.username, second.password);
  await approver.goto('/admin/payouts');
  const group = approver.getByRole('group', { name: `Approve the payout of ${m.name}` });
  await expect(group).toContainText('prepared by admin');
  await group.getByRole('button', { name: 'Approve' }).click();
  await approver.getByRole('dialog', { name: 'Approve the payout' }).getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByRole('status')).toContainText(`Approved: ${m.name} is frozen`);
  await approver.context().close();

  // The file: made, downloaded (the transfer in it), marked sent.
  await page.reload();
  await expect(row).toContainText('Approved');
  await page.getByRole('button', { name: 'Make payout file' }).click();
  await page.getByRole('dialog', { name: 'Make a payout file' }).getByRole('button', { name: 'Make file' }).click();
  await expect(page.getByRole('status')).toContainText('Payout file made');
  await expect(row).toContainText('In a file');
  const fileRow = page.getByRole('table', { name: 'Payout files' }).getByRole('row').filter({ hasText: 'Not yet' });
  await expect(fileRow).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), fileRow.getByRole('button', { name: /Download the payout file/ }).click()]);
  const xml = (await readFile((await download.path())!)).toString('utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
  expect(xml).toContain('<Cdtr><Nm>Zoe + Co Vertrekker</Nm></Cdtr>');
  expect(xml).toContain('<IBAN>NL20INGB0001234567</IBAN>');
  expect(xml).toContain('<InstdAmt Ccy="EUR">12.50</InstdAmt>');
  await shoot(page, 'file', out);
  await fileRow.getByRole('button', { name: /Mark the payout file .* sent/ }).click();
  await page.getByRole('dialog', { name: 'Mark the payout file sent' }).getByRole('button', { name: 'Mark sent' }).click();
  await expect(page.getByRole('status')).toContainText('Booked:');
  await expect(row).toContainText('Paid out');

  // On the server: € 0,00 and closed.
  const account = await callApi<{ balance: number; closedAt: string | null }>(base, 'GET', `/api/admin/accounts/${m.accountId}/`, m.admin);
  expect(account.result).toMatchObject({ balance: 0, closedAt: expect.any(String) });

  // The member: € 0,00, paid out and closed, and the mail in the catcher.
  await memberPage.reload();
  await expect(memberPage.getByRole('region', { name: 'Leaving? Pay out your balance' }).getByRole('status')).toContainText(new RegExp(`Paid out on .*: ${moneyPattern(BALANCE)} to NL20INGB0001234567 .* Your account is closed\\.`));
  await expect(memberPage.getByText(new RegExp(`^${moneyPattern(0)}$`)).first()).toBeVisible();
  await expect.poll(() => subjectsTo(base, m.email)).toContain('Uitbetaling van € 12,50');
  await shoot(memberPage, 'paid-out', out);
  await memberPage.context().close();
});
