import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiToken, signIn } from './helpers';
import { renderFirstPage } from './pdf-page';
import { callApi, moneyPattern, openTill, ownProduct, payButton, successSnackbar, tile } from './till-helpers';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A shift on a register of the spec's own (shifts are per register, so no other spec's sales land in its drawer):
 * opened from the menu with a counted float, a cash sale in it, a safe drop, and the close with expected, counted and
 * difference. It changes no shared setting.
 */
test('a till opens a shift, sells giving change, takes money to the safe and closes short with a note; the board reads its report and PDF', async ({ page, browser, baseURL }, testInfo) => {
  const admin = await apiToken(baseURL!, 'admin');
  const registerName = `Kelder ${unique()}`;
  const register = await callApi<{ id: string }>(baseURL!, 'POST', '/api/admin/registers/', admin, { name: registerName, capabilities: ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_OTHER', 'PAYMENT_UNDO'] });
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

  // Two taps of the spec's own product, paid in cash with a € 20 note: the till shows the change and books € 5,00.
  await page.getByRole('link', { name: 'Back to the till' }).click();
  await tile(page, product.name).click();
  await tile(page, product.name).click();
  await payButton(page, 'Cash').click();
  const cash = page.getByRole('dialog', { name: 'Contant' });
  await cash.getByRole('button', { name: '€ 20' }).click();
  await expect(cash.getByRole('status')).toContainText(new RegExp(`Change\\s*${moneyPattern(1_500)}`));
  await cash.getByRole('button', { name: /^Gereed/ }).click();
  await expect(successSnackbar(page, 500)).toBeVisible();
  // One more by card: not in the drawer, but set beside the terminal's own total at the close.
  await tile(page, product.name).click();
  await payButton(page, 'Card').click();
  await expect(successSnackbar(page, 250)).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Shift' }).click();
  await expect(page.getByTestId('expected-cash')).toHaveText(new RegExp(moneyPattern(11_000)));

  await page.getByRole('textbox', { name: 'Amount to the safe (€)' }).fill('50');
  await page.getByRole('button', { name: 'Record safe drop' }).click();
  await expect(page.getByTestId('expected-cash')).toHaveText(new RegExp(moneyPattern(6_000)));

  // Counted € 50,00: € 10,00 short, more than the note threshold (€ 5,00), so the close asks why.
  const tap = await apiToken(baseURL!, username, password);
  const shiftId = (await callApi<{ shift: { id: string } }>(baseURL!, 'GET', '/api/shifts/current', tap)).result.shift.id;
  const close = page.getByRole('region', { name: 'Close the shift' });
  await close.getByRole('spinbutton', { name: /^Count: number of €\s50,00$/ }).fill('1');
  await expect(close.getByTestId('close-difference')).toHaveText(new RegExp(`-\\s?${moneyPattern(1_000)}|${moneyPattern(-1_000)}`));
  const note = 'Tientje te veel teruggegeven bij het wisselen';
  await close.getByRole('textbox', { name: 'Note (why the count differs)' }).fill(note);
  await close.getByRole('button', { name: 'Close shift' }).click();
  const closed = page.getByRole('region', { name: 'Shift closed' });
  await expect(closed).toContainText(new RegExp(`Expected\\s*${moneyPattern(6_000)}`));
  await expect(closed).toContainText(new RegExp(`Counted\\s*${moneyPattern(5_000)}`));
  await expect(closed).toContainText(new RegExp(`Card in Kassa\\s*${moneyPattern(250)}\\s*Card at the terminal\\s*${moneyPattern(250)}`));

  // The board: the shift's drawer and report, and its PDF, whose first page is drawn to PNG and read.
  const board = await browser.newPage();
  await signIn(board, 'admin');
  await board.goto(`/admin/shifts/${shiftId}`);
  await expect(board.getByRole('heading', { level: 1, name: `Shift at ${registerName}` })).toBeVisible();
  await expect(board.getByText(note)).toBeVisible();
  const cashRow = board.getByRole('table', { name: 'Takings by method' }).getByRole('row').nth(1);
  await expect(cashRow).toHaveText(new RegExp(`Cash\\s*1\\s*${moneyPattern(500)}`));
  await expect(board.getByText('Card at the terminal').locator('xpath=following-sibling::dd[1]')).toHaveText(new RegExp(`${moneyPattern(250)}\\s*\\(1 payment\\)`));
  await expect(board.getByText('Card difference').locator('xpath=following-sibling::dd[1]')).toHaveText(new RegExp(moneyPattern(0)));
  const [download] = await Promise.all([board.waitForEvent('download'), board.getByRole('button', { name: 'Download PDF' }).click()]);
  const pdf = readFileSync((await download.path())!);
  const text = await renderFirstPage(board, pdf, join(testInfo.project.outputDir, 'shift-report-page-1.png'));
  expect(text).toContain('Dienstrapport');
  expect(text).toContain(registerName);
  expect(text).toContain(note);
  expect(text).toMatch(new RegExp(`Verwacht contant\\s*${moneyPattern(6_000)}`));
  expect(text).toMatch(new RegExp(`Verschil \\(geteld - verwacht\\)\\s*${moneyPattern(-1_000)}`));
  expect(text).toMatch(new RegExp(`Contant\\s*1\\s*${moneyPattern(500)}`));
  expect(text).toMatch(new RegExp(`Pin volgens de terminal \\(1x\\)\\s*${moneyPattern(250)}`));
  await board.close();
  await product.hide();
});
