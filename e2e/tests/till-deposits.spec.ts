import { expect, test } from '@playwright/test';
import { balanceOf, cartTotal, moneyPattern, openTill, ownAccount, ownProduct, payButton, pickAccount, successSnackbar, tile } from './till-helpers';

// A touch tablet at the bar (issue 50 §6): a crate sold with its deposit, then crates brought back.
test.use({ hasTouch: true });
test.describe.configure({ timeout: 180_000 });

const PRICE = 1_450;
const DEPOSIT = 390;

test('a crate is sold with its deposit, and returned crates are paid out in cash or credited to an account', async ({ page, baseURL }) => {
  const crate = await ownProduct(baseURL!, 'Krat Statiegeld', PRICE, DEPOSIT);
  const { name: account } = await ownAccount(baseURL!, 'Kratjes Terug', 0);
  try {
    await openTill(page, 'bar');

    // Sold: the price plus the deposit, the deposit as a note under its line.
    await tile(page, crate.name).tap();
    await expect(page.getByTestId('cart-deposit')).toHaveText(new RegExp(`\\+ deposit 1 × ${moneyPattern(DEPOSIT)} = ${moneyPattern(DEPOSIT)}`));
    await expect(cartTotal(page)).toHaveText(new RegExp(moneyPattern(PRICE + DEPOSIT)));
    await payButton(page, 'Cash').tap();
    await page.getByRole('dialog', { name: 'Contant' }).getByRole('button', { name: /^Gereed/ }).tap();
    await expect(successSnackbar(page, PRICE + DEPOSIT)).toBeVisible();

    // Two crates back, paid out of the drawer.
    await payButton(page, 'Deposit return').tap();
    await expect(page.getByTestId('deposit-return-banner')).toContainText('Deposit return: tap the packaging brought back');
    await tile(page, crate.name).tap();
    await tile(page, crate.name).tap();
    const line = page.getByTestId('cart-return');
    await expect(line).toContainText(`Deposit return ${crate.name}`);
    await expect(line).toContainText(new RegExp(`2 × ${moneyPattern(DEPOSIT)} back`));
    await expect(page.locator('.till-cart__total')).toContainText('Pay out');
    await expect(cartTotal(page)).toHaveText(new RegExp(moneyPattern(2 * DEPOSIT)));
    await expect(payButton(page, 'Card')).toBeDisabled();
    await expect(payButton(page, 'Other')).toBeDisabled();
    await payButton(page, 'Cash').tap();
    const payOut = page.getByRole('dialog', { name: 'Contant' });
    await expect(payOut).toContainText('Pay the deposit back to the customer from the cash box');
    await expect(payOut).toContainText(new RegExp(`Pay out\\s*${moneyPattern(2 * DEPOSIT)}`));
    await payOut.getByRole('button', { name: /^Gereed/ }).tap();
    await expect(successSnackbar(page, -2 * DEPOSIT)).toBeVisible();
    await expect(page.getByTestId('cart-return')).toHaveCount(0);
    // The sale ends return mode: the next customer's taps are sales again.
    await expect(page.getByTestId('deposit-return-banner')).toHaveCount(0);

    // One more crate back, credited to a member's account.
    await payButton(page, 'Deposit return').tap();
    await tile(page, crate.name).tap();
    await expect(cartTotal(page)).toHaveText(new RegExp(moneyPattern(DEPOSIT)));
    await payButton(page, 'Account').tap();
    await pickAccount(page.getByRole('dialog', { name: 'Select account' }), account);
    await expect(successSnackbar(page, -DEPOSIT)).toBeVisible();
    expect(await balanceOf(baseURL!, account)).toBe(DEPOSIT);

    await expect(page.getByTestId('deposit-return-banner')).toHaveCount(0);

    // Return mode switched on by mistake: Done ends it, and a tap sells again.
    await payButton(page, 'Deposit return').tap();
    await page.getByTestId('deposit-return-banner').getByRole('button', { name: 'Done' }).tap();
    await expect(page.getByTestId('deposit-return-banner')).toHaveCount(0);
    await tile(page, crate.name).tap();
    await expect(cartTotal(page)).toHaveText(new RegExp(moneyPattern(PRICE + DEPOSIT)));
  } finally {
    await crate.hide();
  }
});

test('a product without a deposit cannot be returned', async ({ page, baseURL }) => {
  const plain = await ownProduct(baseURL!, 'Geen Statiegeld', 250);
  try {
    await openTill(page, 'bar');
    await payButton(page, 'Deposit return').tap();
    await tile(page, plain.name).tap();
    await expect(page.getByText(`${plain.name} has no deposit to return`)).toBeVisible();
    await expect(page.getByTestId('cart-return')).toHaveCount(0);
    await expect(page.getByText('Tap a product to add it.')).toBeVisible();
  } finally {
    await plain.hide();
  }
});
