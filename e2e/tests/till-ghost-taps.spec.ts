import { expect, test, type Page } from '@playwright/test';
import { addProducts, balanceOf, cartTotal, doubleTap, openTill, ownAccount, payButton, successSnackbar } from './till-helpers';

// A touch tablet (the till treats it as one: on-screen keyboard, touch taps).
// The motion a tablet shows at the bar (the other specs ask for reduced motion: e2e/playwright.config.ts).
// With its service worker between the till and the server, as on a tablet in service.
test.use({ hasTouch: true, reducedMotion: 'no-preference', serviceWorkers: 'allow' });
// Three orders a test, each with its own checks: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** The gaps between the two taps of a double tap that a person or a laggy screen makes. */
const GAPS_MS = [150, 250, 300];

const emptyCart = async (page: Page) => {
  await expect(page.getByText('Tap a product to add it.')).toBeVisible();
  await expect(cartTotal(page)).toHaveText(/0,00/);
};

test('a double tap on an account tile pays once and adds nothing to the next order', async ({ page, baseURL }) => {
  const { name } = await ownAccount(baseURL!, 'Dubbel Tik', 5_000);
  await openTill(page, 'bar');
  let expected = 5_000;
  for (const gap of GAPS_MS) {
    await addProducts(page, 'Pils');
    await payButton(page, 'Account').tap();
    const picker = page.getByRole('dialog', { name: 'Select account' });
    await picker.getByRole('searchbox', { name: 'Search accounts' }).fill(name);
    const account = picker.getByRole('list', { name: 'Accounts' }).getByRole('button').filter({ has: page.getByText(name, { exact: true }) });
    await expect(account).toHaveCount(1);
    await doubleTap(page, account, gap);
    expected -= 250;
    await expect(successSnackbar(page, 250)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await emptyCart(page);
    expect(await balanceOf(baseURL!, name)).toBe(expected);
  }
});

test('a double tap on Gereed books one sale and adds nothing to the next order', async ({ page }) => {
  await openTill(page, 'till');
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/checkout/cash/')) posted += 1;
  });
  for (const [i, gap] of GAPS_MS.entries()) {
    await addProducts(page, 'Radler');
    await payButton(page, 'Cash').tap();
    const modal = page.getByRole('dialog', { name: 'Contant' });
    await doubleTap(page, modal.getByRole('button', { name: /^Gereed/ }), gap);
    await expect(successSnackbar(page, 250)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await emptyCart(page);
    expect(posted).toBe(i + 1);
  }
});

test('a double tap on Cash opens the Contant modal and leaves it open', async ({ page }) => {
  await openTill(page, 'till');
  await addProducts(page, 'Pils');
  for (const gap of GAPS_MS) {
    await doubleTap(page, payButton(page, 'Cash'), gap);
    const modal = page.getByRole('dialog', { name: 'Contant' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(/2,50/);
    await modal.getByRole('button', { name: 'Annuleer' }).tap();
    await expect(modal).toHaveCount(0);
    await expect(cartTotal(page)).toHaveText(/2,50/);
  }
});
