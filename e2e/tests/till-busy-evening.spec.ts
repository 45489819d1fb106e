import { expect, test, type Page } from '@playwright/test';
import { addProducts, cartTotal, coveredControls, memberWithPin, MESSAGES, openTill, payButton, pickAccount, typePin } from './till-helpers';

/**
 * The till through a busy evening, in Chromium against the running system (issue "The till and the member pages
 * through a busy evening"): the last sale keeps its undo while the next order starts, nothing covers a control, and
 * the PIN pad warns before it locks.
 */

const lastSale = (page: Page) => page.getByRole('group', { name: 'Last sale' });
const productNotice = (page: Page) => page.getByRole('group', { name: 'Product added' });

async function cashSale(page: Page, ...products: string[]) {
  await addProducts(page, ...products);
  const narrow = !(await payButton(page, 'Cash').isVisible());
  if (narrow) await page.getByRole('button', { name: 'Cart', exact: true }).click();
  await payButton(page, 'Cash').click();
  await page.getByRole('dialog', { name: 'Contant' }).getByRole('button', { name: /^Gereed \(\d+\)$/ }).click();
  await expect(lastSale(page)).toContainText('Successful transaction for');
  if (narrow && (await page.getByRole('complementary', { name: 'Cart' }).isVisible())) await page.getByRole('button', { name: 'Cart', exact: true }).click();
}

test('the last sale keeps its Undo while the next order starts, and Undo reverses that sale, not the new product', async ({ page }) => {
  await openTill(page, 'till');
  await cashSale(page, 'Pils');
  // The next customer: products go in at once; their "added" message has its own place.
  await addProducts(page, 'Cola');
  await expect(productNotice(page)).toContainText('Cola added');
  await expect(lastSale(page).getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(productNotice(page)).toHaveCount(0);
  await expect(lastSale(page)).toContainText('Successful transaction for');

  // Even with the next order's cash dialog open, the undo is one tap away and nothing lies over it.
  await payButton(page, 'Cash').click();
  const cash = page.getByRole('dialog', { name: 'Contant' });
  await expect(cash).toContainText('2,00');
  const undo = await lastSale(page).getByRole('button', { name: 'Undo' }).textContent();
  const covered = await coveredControls(page);
  expect(covered.filter((c) => c.control === undo)).toEqual([]);
  expect(covered.length).toBeGreaterThan(0); // the dialog's backdrop does lie over the till behind it
  await lastSale(page).getByRole('button', { name: 'Undo' }).click();
  await expect(lastSale(page)).toContainText('Transaction undone.');
  await cash.getByRole('button', { name: 'Annuleer' }).click();
  await expect(cartTotal(page)).toHaveText(/2,00/);
});

for (const size of [
  { name: 'a 1280x800 tablet', width: 1280, height: 800 },
  { name: 'a 1024x768 touch tablet', width: 1024, height: 768 },
  { name: 'a 390x844 phone', width: 390, height: 844 },
  { name: 'a 1920x1080 wall screen', width: 1920, height: 1080 },
]) {
  test(`on ${size.name} no message covers a button, a tile or the status bar`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openTill(page, 'till');
    await cashSale(page, 'Pils');
    await addProducts(page, 'Cola');
    await expect(productNotice(page)).toBeVisible();
    await expect(lastSale(page)).toBeVisible();
    await page.screenshot({ path: `test-results/till-messages-${size.width}x${size.height}.png` });
    expect(await coveredControls(page, MESSAGES)).toEqual([]);
    // The cart opened (a panel on the phone) while both messages show: its buttons are free too.
    if (!(await payButton(page, 'Cash').isVisible())) await page.getByRole('button', { name: 'Cart', exact: true }).click();
    await expect(payButton(page, 'Cash')).toBeVisible();
    expect(await coveredControls(page, MESSAGES)).toEqual([]);
  });
}

test('the PIN pad says how many tries are left after the 4th wrong PIN, and the 5th closes it with the lock text', async ({ page, baseURL }) => {
  const member = await memberWithPin(baseURL!, 'Pin Proef', 2_000);
  await openTill(page, 'till');
  await addProducts(page, 'Pils');
  await payButton(page, 'Account').click();
  await pickAccount(page.getByRole('dialog', { name: 'Select account' }), member.name);
  const pad = page.getByRole('dialog', { name: 'Enter PIN-code' });
  for (let i = 1; i <= 3; i++) {
    await typePin(page, '0000');
    await expect(pad.getByRole('alert')).toHaveText('Invalid passcode');
    await expect(pad.getByLabel('PIN-code')).toHaveValue('');
  }
  await typePin(page, '0000');
  await expect(pad.getByRole('alert')).toHaveText('Invalid passcode. 1 try left: one more wrong passcode locks this account for 5 minutes.');
  await typePin(page, '0000');
  await expect(pad).toHaveCount(0);
  const locked = page.getByRole('dialog', { name: 'Account locked' });
  await expect(locked).toContainText(/^Account locked\s*Too many wrong passcodes for this account\. Try again in 5 minutes/);
  await expect(locked).not.toContainText('API error');
});
