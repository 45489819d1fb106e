import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nextBusinessDay } from '../../libs/contracts/src/target2';
import { apiToken, resizeShell, secondAdmin, signIn } from './helpers';
import { balanceOf, callApi, moneyPattern } from './till-helpers';

/**
 * Direct debit on the real system, in Chromium: the spec's own member on a credit account owing money, a batch made on
 * /admin/direct_debit (preview first), its pain.008 file downloaded twice, the batch marked collected on four eyes (admin
 * prepares, a second admin of the spec's own approves on /admin/approvals' batch), the member's
 * debit marked failed, and the member's /account telling them. Screenshots at 1440x900 and 390x844 are left in
 * test-results/ (admin-direct-debit-*.png).
 */
const SIZES = [
  { label: 'desktop', width: 1440, height: 900 },
  { label: 'phone', width: 390, height: 844 },
] as const;

const dutchToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const longDutch = (day: string) => new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const OWES = 2_345;

/** A member of this spec's own: a credit account with IBAN and mandate owing € 23,45, and a user who accepted the terms. */
async function debtor(baseURL: string) {
  const admin = await apiToken(baseURL, 'admin');
  const tag = unique();
  // "Aafke" sorts first among the batch's debits, so the row is on its first page whatever other accounts owe.
  const name = `Aafke Zoë Ömer ${tag}`;
  const account = await callApi<{ id: string }>(baseURL, 'POST', '/api/admin/accounts/', admin, {
    name,
    creditAccount: true,
    iban: 'NL91ABNA0417164300',
    bic: 'ABNANL2A',
    mandateId: `KASSA-E2E-${tag.toUpperCase()}`,
    mandateSignedAt: '2025-09-01',
  });
  expect(account.status).toBe(200);
  const owes = await callApi(baseURL, 'POST', `/api/admin/accounts/${account.result.id}/upgrade/`, admin, { amount: -OWES, method: 'correction', reason: 'e2e: drinks on account', nonce: `e2e-dd-${tag}` });
  expect(owes.status).toBe(200);
  const username = `incasso-${tag}`;
  const password = 'incasso-password';
  expect((await callApi(baseURL, 'POST', '/api/admin/users/', admin, { username, password, accountId: account.result.id })).status).toBe(200);
  const member = await apiToken(baseURL, username, password);
  expect((await callApi(baseURL, 'POST', '/api/user/condition/', member)).status).toBeLessThan(300);
  const creditor = await callApi(baseURL, 'PUT', '/api/admin/settings/', admin, {
    creditorName: 'Studievereniging Kassa',
    creditorIban: 'NL91ABNA0417164300',
    creditorBic: 'ABNANL2A',
    creditorId: 'NL28ZZZ401234560000',
  });
  expect(creditor.status).toBe(200);
  return { name, accountId: account.result.id, username, password };
}

async function shoot(page: Page, name: string, outputDir: string, { debits = false } = {}) {
  for (const size of SIZES) {
    await resizeShell(page, size);
    await page.screenshot({ path: join(outputDir, `admin-direct-debit-${name}-${size.label}.png`), fullPage: true });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    expect.soft(scrollWidth, `${name} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(innerWidth);
    if (debits) {
      // Nor does the debits table inside its own box: on a phone each debit is a card.
      const box = await page.getByRole('table', { name: 'Debits' }).evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, width: t.parentElement!.clientWidth }));
      expect.soft(box.scroll, `the debits of ${name} at ${size.width} px scroll sideways in their box`).toBeLessThanOrEqual(box.width);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The pending approval as each admin sees it, at 1280x800 and 390x844 (SHOTS_DIR, else the test's output). */
async function pendingShots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR ?? test.info().project.outputDir;
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await resizeShell(page, size);
    await page.screenshot({ path: join(dir, `four-eyes-${name}-${size.width}x${size.height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a batch from preview to file, collected, one debit failed, and the member sees it on /account', async ({ page, browser, baseURL }, testInfo) => {
  // Two admins and a member sign in, each screen is shot at two sizes: a long walk on a shared machine.
  test.setTimeout(240_000);
  const member = await debtor(baseURL!);
  const today = dutchToday();
  const collectionDate = nextBusinessDay(today);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await page.goto('/admin/direct_debit');
  await expect(page.getByRole('heading', { name: 'Direct debit', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New batch' }).click();
  const form = page.getByRole('dialog', { name: 'New direct-debit batch' });
  await form.getByLabel('Collection date').fill(collectionDate);
  await form.getByLabel('Cut-off').fill(today);
  const preview = form.getByRole('region', { name: 'Preview' });
  const included = preview.getByRole('table').filter({ hasText: 'Included' });
  await expect(included.getByRole('row').filter({ hasText: member.name })).toContainText(new RegExp(moneyPattern(OWES)));
  await shoot(page, 'new-batch', testInfo.project.outputDir);
  await form.getByRole('button', { name: 'Create batch' }).click();

  await expect(page).toHaveURL(/\/admin\/direct_debit\/[a-f0-9]{24}$/);
  const download = page.getByRole('button', { name: 'Download XML (pain.008)' });
  // The worker writes the file; the page asks again until it is there.
  await expect(download).toBeEnabled({ timeout: 60_000 });
  const row = page.getByRole('table', { name: 'Debits' }).getByRole('row').filter({ hasText: member.name });

  // While the batch is open, the member's next direct debit is this batch's: its date, the amount fixed at its cut-off.
  const before = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(before, member.username, member.password);
  await before.goto('/account');
  await expect(before.getByText(/^Next direct debit:/)).toContainText(longDutch(collectionDate));
  await expect(before.getByText(/^Amount:/)).toContainText(new RegExp(moneyPattern(OWES)));
  await expect(before.getByText(/^What you owed at the end of/)).toContainText(`What you owed at the end of ${longDutch(today)}: this amount is fixed.`);
  await before.screenshot({ path: join(testInfo.project.outputDir, 'admin-direct-debit-member-next-debit-phone.png'), fullPage: true });
  await before.context().close();
  await expect(row).toContainText('NL91 ABNA … 4300');
  await expect(row).toContainText(`KASSA-E2E-`);

  const files: Buffer[] = [];
  for (let i = 0; i < 2; i += 1) {
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`^kassa-${collectionDate}-DD[a-f0-9]{24}\\.xml$`));
    files.push(await readFile((await file.path())!));
  }
  expect(files[1]!.equals(files[0]!)).toBe(true);
  const xml = files[0]!.toString('utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
  expect(xml).toContain(`<Nm>${member.name.replace('Zoë', 'Zoe').replace('Ömer', 'Omer')}</Nm>`);
  expect(xml).toContain(`<InstdAmt Ccy="EUR">23.45</InstdAmt>`);
  expect(xml).toContain(`<ReqdColltnDt>${collectionDate}</ReqdColltnDt>`);
  const count = Number(/<NbOfTxs>(\d+)<\/NbOfTxs>/.exec(xml)![1]);
  await shoot(page, 'batch-open', testInfo.project.outputDir, { debits: true });

  // Four eyes (issue 50 §5): admin prepares "Mark collected"; nothing is booked until a second admin approves it.
  await page.getByRole('button', { name: 'Mark collected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark the batch collected' });
  await expect(confirm).toContainText(`${count} ${count === 1 ? 'debit' : 'debits'}, together`);
  await confirm.getByRole('button', { name: 'Mark collected' }).click();
  await expect(page.getByRole('status')).toContainText('Prepared by admin; another admin must approve. Nothing is booked until then.');
  await expect(page.getByRole('button', { name: 'Prepared by admin — waiting for a second admin' })).toBeDisabled();
  await expect(row).toContainText('In the file');
  expect(await balanceOf(baseURL!, member.name)).toBe(-OWES);
  await pendingShots(page, 'preparer');

  // A second admin of the spec's own sees it on /admin/approvals and on the batch page, and approves it there.
  const second = await secondAdmin(baseURL!);
  const approver = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(approver, second.username, second.password);
  await approver.goto('/admin/approvals');
  const waiting = approver.getByRole('listitem').filter({ hasText: `Mark the direct-debit batch of ${longDutch(collectionDate)} collected` });
  await expect(waiting).toContainText('Prepared by admin');
  await expect(waiting.getByRole('button', { name: 'Approve' })).toBeVisible();
  await pendingShots(approver, 'approvals-page');
  await approver.goto(new URL(page.url()).pathname);
  await expect(approver.getByRole('group', { name: 'Mark collected' })).toContainText('Mark collected: prepared by admin');
  await pendingShots(approver, 'approver');
  await approver.getByRole('button', { name: 'Approve' }).click();
  await approver.getByRole('dialog', { name: 'Mark the batch collected' }).getByRole('button', { name: 'Mark collected' }).click();
  await expect(approver.getByRole('status')).toContainText('Collected:');
  await approver.context().close();
  await page.reload();
  await expect(row).toContainText('Collected');
  expect(await balanceOf(baseURL!, member.name)).toBe(0);

  await row.getByRole('button', { name: `Mark the debit of ${member.name} failed` }).click();
  const fail = page.getByRole('dialog', { name: 'Mark the debit failed' });
  await expect(fail).toContainText('switches credit (direct debit) off');
  await fail.getByLabel('Reason from the bank (optional)').fill('MD06');
  await fail.getByRole('button', { name: 'Mark failed' }).click();
  await expect(page.getByRole('status')).toContainText('is marked failed');
  await expect(row).toContainText('Failed');
  await expect(row).toContainText('MD06; credit switched off');
  expect(await balanceOf(baseURL!, member.name)).toBe(-OWES);
  await shoot(page, 'batch-collected', testInfo.project.outputDir, { debits: true });

  await page.goto('/admin/direct_debit?status=collected');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('1 failed');
  await shoot(page, 'list', testInfo.project.outputDir);

  const memberPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(memberPage, member.username, member.password);
  await memberPage.goto('/account');
  await expect(memberPage.getByRole('alert')).toContainText(new RegExp(`Your direct debit of ${moneyPattern(OWES)} failed`));
  await expect(memberPage.getByRole('alert')).toContainText('Credit is switched off');
  // Told of the collection when the batch was made, and of its failure (issue 48 §2, §3).
  const messages = memberPage.getByRole('region', { name: 'Messages' });
  await expect(messages).toContainText(new RegExp(`Aankondiging incasso van ${moneyPattern(OWES)}`));
  await expect(messages).toContainText(new RegExp(`Incasso van ${moneyPattern(OWES)} mislukt`));
  await memberPage.screenshot({ path: join(testInfo.project.outputDir, 'admin-direct-debit-member-account-phone.png'), fullPage: true });
  await memberPage.context().close();
});
