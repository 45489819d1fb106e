import { expect, test, type Page } from '@playwright/test';
import { apiToken, resizeShell, secondAdmin, signIn } from './helpers';
import { balanceOf, callApi, moneyPattern, ownAccount, ownProduct } from './till-helpers';

/**
 * An invoice from start to end, with this spec's own event account, products and sales: the board makes a draft over
 * the day's sales (an undone one left out), finalises it (a number), prints it on A4 and marks it paid (a posting that
 * brings the account back where it started); then a credit note reverses it.
 */
const SENDER = { name: 'Studievereniging Kassa', address: 'Voorbeeldstraat 1\n3511 AB Utrecht', vatNumber: 'NL123456789B01', kvkNumber: '12345678', iban: 'NL91ABNA0417164300', email: 'penningmeester@example.nl' };
const A4 = { width: 794, height: 1123 };

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const todayNl = () => new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

test('an event account is invoiced for its sales; the invoice is finalised, printed on A4, paid and credited', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const admin = await apiToken(baseURL!, 'admin');

  const start = 50_000;
  const account = await ownAccount(baseURL!, 'Lustrumcommissie', start, { type: 'event' });
  const [beer, crisps] = [await ownProduct(baseURL!, 'Factuur Pils', 250), await ownProduct(baseURL!, 'Factuur Chips', 120)];
  const bar = await apiToken(baseURL!, 'bar');
  const sell = async (products: { id: string; amount: number }[]) => {
    const sale = await callApi<{ transaction_id: string }>(baseURL!, 'POST', '/api/checkout/account/', bar, { products, account_id: account.accountId, nonce: `e2e-invoice-${Date.now()}-${Math.random()}` });
    expect(sale.status).toBe(200);
    return sale.result.transaction_id;
  };
  await sell([{ id: beer.id, amount: 6 }, { id: crisps.id, amount: 2 }]);
  await sell([{ id: beer.id, amount: 4 }]);
  const undone = await sell([{ id: crisps.id, amount: 5 }]);
  expect((await callApi(baseURL!, 'DELETE', `/api/admin/transactions/${undone}/`, admin)).status).toBe(200);
  const total = 10 * 250 + 2 * 120;
  expect(await balanceOf(baseURL!, account.name)).toBe(start - total);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  // The sender, as the treasurer sets it once in the settings.
  await page.goto('/admin/settings');
  const senderForm = page.getByRole('form', { name: 'Invoice sender' });
  await senderForm.getByLabel('Association name').fill(SENDER.name);
  await senderForm.getByLabel('Address').fill(SENDER.address);
  await senderForm.getByLabel('VAT number').fill(SENDER.vatNumber);
  await senderForm.getByLabel('KvK number').fill(SENDER.kvkNumber);
  await senderForm.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
  await senderForm.getByLabel('E-mail for invoices').fill(SENDER.email);
  await senderForm.getByRole('button', { name: 'Save invoice sender' }).click();
  await expect(senderForm.getByRole('status')).toContainText('Invoice sender saved.');
  await expect(senderForm.getByLabel('IBAN')).toHaveValue(SENDER.iban);
  await senderForm.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-sender-1440.png') });
  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New invoice' }).click();
  const form = page.getByRole('dialog', { name: 'New invoice' });
  await form.getByLabel('Find account').fill(account.name);
  await form.getByLabel('Account', { exact: true }).selectOption({ label: `${account.name} (event)` });
  await form.getByLabel('From').fill(today());
  await form.getByLabel('To (inclusive)').fill(today());
  await form.getByLabel('Reference').fill('Lustrumborrel');
  await form.getByLabel('Customer address').fill('Feestlaan 5\n3512 CD Utrecht');
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(new RegExp(`2 sales of ${account.name}, total ${moneyPattern(total)} \\(1 undone left out\\)`));
  await expect(preview).toContainText(`10× ${beer.name}`);
  await page.screenshot({ path: testInfo.outputPath('invoice-new-1440.png') });
  await form.getByRole('button', { name: 'Make draft' }).click();

  await expect(page).toHaveURL(/\/admin\/invoices\/[a-f0-9]{24}$/);
  const invoiceId = page.url().split('/').pop()!;
  const sheet = page.getByRole('article');
  await expect(sheet).toContainText('Conceptfactuur');
  await expect(sheet).toContainText(new RegExp(moneyPattern(total)));

  await page.getByRole('button', { name: 'Finalise' }).click();
  const finalise = page.getByRole('dialog', { name: 'Finalise invoice' });
  await expect(finalise).toContainText('gets the next invoice number');
  await expect(finalise).toContainText('cannot be changed or deleted');
  await finalise.getByRole('button', { name: 'Finalise' }).click();
  const done = page.getByRole('status').filter({ hasText: /is final/ });
  await expect(done).toBeVisible();
  const number = /Invoice (\d{4}-\d{4}) is final/.exec((await done.textContent()) ?? '')![1]!;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Factuur ${number}`);
  await expect(page.getByRole('button', { name: 'Change draft' })).toHaveCount(0);
  // The server holds to it too: a final invoice cannot be changed.
  expect((await callApi(baseURL!, 'PUT', `/api/admin/invoices/${invoiceId}/`, admin, { from: today(), to: today(), reference: 'Anders' })).status).toBe(409);
  await page.screenshot({ path: testInfo.outputPath('invoice-final-1440.png'), fullPage: true });

  // Printed on A4: the sheet alone, with sender, customer, number, nl-NL date, lines, VAT and total.
  await page.setViewportSize(A4);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  for (const text of [SENDER.name, 'NL123456789B01', 'NL91 ABNA 0417 1643 00', account.name, 'Feestlaan 5', number, todayNl(), beer.name, crisps.name, 'Btw-tarief', 'Totaal', 'Lustrumborrel']) {
    await expect(sheet.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expect(sheet.locator('.invoice-doc__total')).toContainText(new RegExp(moneyPattern(total)));
  const box = (await sheet.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBeGreaterThan(A4.width - 2);
  await page.screenshot({ path: testInfo.outputPath('invoice-print-a4.png') });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  // One A4 page: 595 x 842 points (Chromium writes 594.96 x 841.92).
  const text = pdf.toString('latin1');
  expect(text).toMatch(/\/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/);
  expect(text).toMatch(/\/Type \/Pages\s*\/Count 1\b/);
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Mark paid' }).click();
  const pay = page.getByRole('dialog', { name: 'Mark invoice paid' });
  await expect(pay).toContainText(new RegExp(`The account ${account.name} is credited with ${moneyPattern(total)}`));
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invoice ${number} is paid` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Paid');
  await expect(sheet).toContainText('Betaald op');
  expect(await balanceOf(baseURL!, account.name)).toBe(start);
  // Marking it paid again posts nothing more.
  expect((await callApi(baseURL!, 'POST', `/api/admin/invoices/${invoiceId}/pay/`, admin)).status).toBe(200);
  expect(await balanceOf(baseURL!, account.name)).toBe(start);

  // A credit note reverses it: the payment goes back off the account, and the invoice cannot be paid any more. Four
  // eyes: another admin prepared it (through the API), admin approves it here.
  const second = await secondAdmin(baseURL!);
  expect((await callApi(baseURL!, 'POST', `/api/admin/invoices/${invoiceId}/credit/`, second.token)).status).toBe(202);
  expect(await balanceOf(baseURL!, account.name)).toBe(start);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Credit note' })).toContainText(`Credit note: prepared by ${second.username}`);
  await page.getByRole('button', { name: 'Approve' }).click();
  const credit = page.getByRole('dialog', { name: 'Make credit note' });
  await expect(credit).toContainText(`reversing invoice ${number}`);
  await expect(credit).toContainText(new RegExp(`The payment of ${moneyPattern(total)} is taken back off the account ${account.name}`));
  await credit.getByRole('button', { name: 'Make credit note' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Credit note \d{4}-\d{4} made\./ })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(invoiceId));
  await expect(sheet).toContainText('Creditnota');
  await expect(sheet).toContainText(`Crediteert factuur${number}`);
  await expect(sheet.locator('.invoice-doc__total')).toContainText(new RegExp(moneyPattern(-total)));
  expect(await balanceOf(baseURL!, account.name)).toBe(start - total);
  expect((await callApi(baseURL!, 'POST', `/api/admin/invoices/${invoiceId}/pay/`, admin)).status).toBe(409);

  await page.goto(`/admin/invoices?account=${account.accountId}`);
  const row = page.locator(`tr[data-id="${invoiceId}"]`);
  await expect(row).toContainText(number);
  await expect(row).toContainText('Credited');
  await expect(row).toContainText(new RegExp(moneyPattern(total)));
  await expect(page.locator('tbody tr')).toHaveCount(2);
  await page.getByRole('button', { name: 'Credited', exact: true }).click();
  await expect(page).toHaveURL(/status=credited/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('invoices-list-1440.png'), fullPage: true });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await resizeShell(page, { width: 390, height: 844 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('invoices-list-390.png'), fullPage: true });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.goto(`/admin/invoices/${invoiceId}`);
  await expect(sheet).toContainText(number);
  await page.screenshot({ path: testInfo.outputPath('invoice-390.png'), fullPage: true });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await page.goto('/admin/invoices');
  await page.getByRole('button', { name: 'New invoice' }).click();
  await expect(page.getByRole('dialog', { name: 'New invoice' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('invoice-new-390.png') });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('dialog', { name: 'New invoice' }).getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/admin/settings');
  await page.getByRole('form', { name: 'Invoice sender' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('settings-sender-390.png') });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await beer.hide();
  await crisps.hide();
});
