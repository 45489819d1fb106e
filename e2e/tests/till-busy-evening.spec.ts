import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { addProducts, callApi, cartTotal, coveredControls, memberWithPin, MESSAGES, onMembersRegister, openTill, ownProduct, payButton, pickAccount, queueTerminal, typePin } from './till-helpers';

// The motion a tablet shows at the bar (the other specs ask for reduced motion: e2e/playwright.config.ts).
// With its service worker between the till and the server, as on a tablet in service.
test.use({ reducedMotion: 'no-preference', serviceWorkers: 'allow' });

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

test('the last sale keeps its Undo while the next order starts, and Undo reverses that sale, not the new product', async ({ page, baseURL }) => {
  const product = await ownProduct(baseURL!, 'Tapbier', 300);
  await openTill(page, 'till');
  const sold = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/checkout/cash/' && r.status() === 200);
  await cashSale(page, product.name);
  const saleId = ((await (await sold).json()) as { result: { transaction_id: string } }).result.transaction_id;
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
  // The ledger agrees: that sale, and only that one, is undone.
  const admin = await apiToken(baseURL!, 'admin');
  const list = await callApi<{ items: { id: string; undone: unknown; products: { name: string }[] }[] }>(baseURL!, 'GET', '/api/admin/transactions/?method=cash&perPage=50', admin);
  const ours = list.result.items.filter((t) => t.products.some((l) => l.name === product.name));
  expect(ours.map((t) => t.id)).toEqual([saleId]);
  expect(ours[0]!.undone).not.toBeNull();
  await product.hide();
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

  test(`on ${size.name} a member's "added" message leaves "Pay with your account" free`, async ({ page, baseURL }) => {
    const member = await memberWithPin(baseURL!, 'Bar Lid', 5_000);
    await onMembersRegister(baseURL!, member.username);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, member.username, 'member-password', '/pos');
    await addProducts(page, 'Cola');
    await expect(productNotice(page)).toBeVisible();
    if (!(await payButton(page, 'Pay with your account').isVisible())) await page.getByRole('button', { name: 'Cart', exact: true }).click();
    await expect(payButton(page, 'Pay with your account')).toBeEnabled();
    await expect(productNotice(page)).toBeVisible();
    expect(await coveredControls(page, MESSAGES)).toEqual([]);
    await page.screenshot({ path: `test-results/till-member-message-${size.width}x${size.height}.png` });
  });

  test(`on ${size.name} a red pending card bar, the last sale and an "added" message leave every control free`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await queueTerminal(baseURL!, ['expired']);
    await openTill(page, 'bar');
    await cashSale(page, 'Pils');
    await addProducts(page, 'Nootjes');
    const narrow = !(await payButton(page, 'Card').isVisible());
    if (narrow) await page.getByRole('button', { name: 'Cart', exact: true }).click();
    await payButton(page, 'Card').click();
    const failed = page.getByRole('button', { name: /Transaction failed, please try again!/ });
    await expect(failed).toBeVisible();
    if (narrow && (await page.getByRole('complementary', { name: 'Cart' }).isVisible())) await page.getByRole('button', { name: 'Cart', exact: true }).click();
    await addProducts(page, 'Cola');
    await expect(productNotice(page)).toBeVisible();
    await expect(failed).toBeVisible();
    expect(await coveredControls(page, MESSAGES)).toEqual([]);
    await page.screenshot({ path: `test-results/till-pending-message-${size.width}x${size.height}.png` });
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

test('a 60-character name without spaces keeps to its tile in the account picker, with the whole name as its label', async ({ page, baseURL }) => {
  const admin = await apiToken(baseURL!, 'admin');
  const name = `Langenaamzonderspaties${Date.now().toString(36)}${'x'.repeat(60)}`.slice(0, 60);
  expect((await callApi(baseURL!, 'POST', '/api/admin/accounts/', admin, { name })).status).toBe(200);
  await openTill(page, 'bar');
  await addProducts(page, 'Pils');
  await payButton(page, 'Account').click();
  const picker = page.getByRole('dialog', { name: 'Select account' });
  await picker.getByRole('searchbox', { name: 'Search accounts' }).fill(name.slice(0, 30));
  const tile = picker.getByRole('button', { name });
  await expect(tile).toBeVisible();
  const fits = await tile.evaluate((el) => {
    const cell = el.parentElement!.getBoundingClientRect();
    const grid = el.closest('[role="list"]')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const text = el.querySelector('.till-account__name')!;
    return { inCell: box.right <= cell.right + 0.5 && box.left >= cell.left - 0.5, inGrid: cell.right <= grid.right + 0.5, textInTile: text.scrollWidth <= text.clientWidth };
  });
  expect(fits).toEqual({ inCell: true, inGrid: true, textInTile: true });
  await page.screenshot({ path: 'test-results/till-long-account-name.png' });
});

test('a sale of € 899.100,00 fits the transactions slide on a 1920x1080 wall screen', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const till = await apiToken(baseURL!, 'till');
  const product = await ownProduct(baseURL!, 'Wandmeubel', 90_000);
  try {
    await page.goto('/slides/transactions');
    await expect(page.locator('.live__feed[data-status="open"]')).toBeVisible();
    const sale = await callApi(baseURL!, 'POST', '/api/checkout/cash/', till, { products: [{ id: product.id, amount: 999 }], nonce: `e2e-wall-${Date.now()}-${Math.random()}` });
    expect(sale.status).toBe(200);
    const amount = page.getByRole('list', { name: 'Recent sales' }).getByRole('listitem').filter({ hasText: product.name }).locator('.live__amount');
    await expect(amount).toHaveText(/899\.100,00/);
    const box = await amount.evaluate((el) => ({ right: el.getBoundingClientRect().right, clipped: el.scrollWidth > el.clientWidth }));
    expect(box.clipped).toBe(false);
    expect(box.right).toBeLessThanOrEqual(1920);
    await page.screenshot({ path: 'test-results/slides-large-total.png' });
  } finally {
    await product.hide();
  }
});

test('a product hidden while it is in the cart: the refusal names it and marks its line, and the cash dialog waits meanwhile', async ({ page, baseURL }) => {
  const product = await ownProduct(baseURL!, 'Seizoensbier', 400);
  const { name } = product;
  await openTill(page, 'till');
  await addProducts(page, name, 'Cola');
  // The board takes it off the menu; the till learns at its next refresh, the sale is refused now.
  await product.hide();
  await payButton(page, 'Cash').click();
  const cash = page.getByRole('dialog', { name: 'Contant' });
  await cash.getByRole('button', { name: /^Gereed \(\d+\)$/ }).click();
  const refusal = page.getByRole('dialog', { name: 'Not for sale' });
  await expect(refusal).toContainText(`${name} is not for sale anymore. Take it off the order and try again.`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Not for sale anymore: take it off');
  const before = await cash.getByRole('button', { name: /^Gereed/ }).textContent();
  // Long enough for two ticks of the countdown, were it running behind the error.
  await page.waitForTimeout(2_500);
  expect(await cash.getByRole('button', { name: /^Gereed/ }).textContent()).toBe(before);
  await refusal.getByRole('button', { name: 'OK' }).click();
  await cash.getByRole('button', { name: 'Annuleer' }).click();
  await page.getByRole('button', { name: `One ${name} less` }).click();
  await payButton(page, 'Cash').click();
  await cash.getByRole('button', { name: /^Gereed \(\d+\)$/ }).click();
  await expect(lastSale(page)).toContainText(/Successful transaction for €\s2,00/);
});

test('a card sale is undone at the till after the refund at the terminal is confirmed, and the audit log says who confirmed', async ({ page, baseURL }) => {
  await openTill(page, 'till');
  await addProducts(page, 'IPA');
  await payButton(page, 'Card').click();
  await expect(lastSale(page)).toContainText(/Successful transaction for €\s3,75/, { timeout: 20_000 });
  await lastSale(page).getByRole('button', { name: 'Undo' }).click();
  const refund = page.getByRole('dialog', { name: /^Refund €\s3,75 at the terminal$/ });
  await expect(refund).toContainText("Refund € 3,75 to the customer's card at the payment terminal.".replace(' 3', '\u00a03'));
  // Not yet: nothing is undone until the refund is confirmed.
  await refund.getByRole('button', { name: 'Annuleer' }).click();
  await expect(refund).toHaveCount(0);
  await expect(lastSale(page)).toContainText('Successful transaction for');
  await lastSale(page).getByRole('button', { name: 'Undo' }).click();
  await refund.getByRole('button', { name: 'Refunded' }).click();
  await expect(lastSale(page)).toContainText('Transaction undone.');

  const admin = await apiToken(baseURL!, 'admin');
  const audit = await callApi<{ items: { action: string; actor: { username: string }; after: { confirmedBy?: string } }[] }>(baseURL!, 'GET', '/api/admin/audit_logs?action=transaction.card_refund', admin);
  expect(audit.result.items[0]).toMatchObject({ action: 'transaction.card_refund', actor: { username: 'till' }, after: { confirmedBy: 'till' } });
});
