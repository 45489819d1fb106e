import { expect, test } from '@playwright/test';
import { addProducts, balanceOf, cartTotal, openTill, ownAccount, ownRegister, payButton, pickAccount, queueTerminal, successSnackbar, watchShown } from './till-helpers';

// Each test opens the till after making its own accounts: the till loads the account list as it opens.
test('bar mode: paying on an account needs no PIN', async ({ page, baseURL }) => {
  const { name } = await ownAccount(baseURL!, 'Bar Rekening', 5_000);
  await openTill(page, 'bar');
  await addProducts(page, 'Radler');
  await payButton(page, 'Account').click();
  await pickAccount(page.getByRole('dialog', { name: 'Select account' }), name);
  await expect(successSnackbar(page, 250)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Enter PIN-code' })).toHaveCount(0);
  expect(await balanceOf(baseURL!, name)).toBe(5_000 - 250);
});

test('bar mode: the picker shows balances, SEPA and EVENT badges and highlights broke accounts', async ({ page, baseURL }) => {
  const sepa = { creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' };
  // Pils costs € 2,50: broke is a prepaid member account with less than that on it.
  const debit = await ownAccount(baseURL!, 'Incasso', 650, sepa);
  const event = await ownAccount(baseURL!, 'Feestavond', 0, { type: 'event' });
  const broke = await ownAccount(baseURL!, 'Krap', 120);
  const flush = await ownAccount(baseURL!, 'Ruim', 7_800);
  const debitBelowZero = await ownAccount(baseURL!, 'Rood', -1_250, sepa);
  await openTill(page, 'bar');
  await addProducts(page, 'Pils');
  await payButton(page, 'Account').click();
  const picker = page.getByRole('dialog', { name: 'Select account' });
  const search = picker.getByRole('searchbox', { name: 'Search accounts' });
  const account = (name: string) => picker.getByRole('list', { name: 'Accounts' }).getByRole('button').filter({ has: page.getByText(name, { exact: true }) });
  const find = async (name: string) => {
    await search.fill(name);
    await expect(account(name)).toHaveCount(1);
    return account(name);
  };
  await expect(await find(debit.name)).toContainText('SEPA');
  await expect(account(debit.name)).toContainText('6,50');
  await expect(account(debit.name)).not.toHaveAttribute('data-broke', 'true');
  await expect(await find(event.name)).toContainText('EVENT');
  await expect(account(event.name)).not.toContainText('SEPA');
  // An event account may be paid from at € 0,00, so it is never broke.
  await expect(account(event.name)).not.toHaveAttribute('data-broke', 'true');
  await expect(await find(broke.name)).toHaveAttribute('data-broke', 'true');
  await expect(account(broke.name)).toContainText('1,20');
  await expect(account(broke.name)).not.toContainText('SEPA');
  await expect(await find(flush.name)).not.toHaveAttribute('data-broke', 'true');
  await expect(account(flush.name)).toContainText('78,00');
  // A direct-debit account may go below zero, so it is never broke.
  await expect(await find(debitBelowZero.name)).not.toHaveAttribute('data-broke', 'true');
  await expect(account(debitBelowZero.name)).toContainText('-12,50');
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await expect(picker).toHaveCount(0);
});

test('bar mode: a card payment goes on in the pending bar; a red bar puts the cart back when clicked', async ({ page, baseURL }) => {
  const bar = await ownRegister(baseURL!, 'Bar');
  await openTill(page, bar.username, bar.password);
  await queueTerminal(baseURL!, ['expired'], bar.registerId);
  await addProducts(page, 'Jägermeister', 'Nootjes');
  await payButton(page, 'Card').click();
  await expect(page.getByRole('status').filter({ hasText: 'Stand-in terminal' })).toBeVisible();
  await expect(cartTotal(page)).toHaveText(/0,00/);
  const failed = page.getByRole('button', { name: /Transaction failed, please try again!/ });
  await expect(failed).toContainText('Payment has expired');
  await failed.click();
  await expect(failed).toHaveCount(0);
  await expect(cartTotal(page)).toHaveText(/4,50/);

  await payButton(page, 'Card').click();
  await expect(successSnackbar(page, 450)).toBeVisible();
  await expect(cartTotal(page)).toHaveText(/0,00/);
});

test('bar mode: a card payment approved in the pending bar stays green with "Payment successful!" for 1.5 s', async ({ page, baseURL }) => {
  // A register and terminal answer of this spec's own: no outcome another spec queued can decline this payment.
  const register = await ownRegister(baseURL!, 'Bar');
  await queueTerminal(baseURL!, ['completed'], register.registerId);
  await openTill(page, register.username, register.password);
  await addProducts(page, 'IPA');
  const approvalShown = await watchShown(page, '.till-pending--completed');
  await payButton(page, 'Card').click();
  const bar = page.getByRole('status').filter({ hasText: 'Stand-in terminal' });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Payment successful!');
  await page.screenshot({ path: 'test-results/till-pending-approved.png' });
  // A lower bound only: a loaded machine can make it longer, never shorter than the till's 1.5 s (less a frame).
  expect(await approvalShown()).toBeGreaterThanOrEqual(1_450);
  await expect(cartTotal(page)).toHaveText(/0,00/);
});
