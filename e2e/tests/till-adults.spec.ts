import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { apiToken } from './helpers';
import { balanceOf, callApi, cartTotal, openTill, ownAccount, payButton, pickAccount, successSnackbar, tile } from './till-helpers';

test.use({ hasTouch: true, viewport: { width: 1024, height: 768 } });

/**
 * Products for adults (issue 49 §4): with the board's age check on, the till asks once per order holding an 18+ product
 * (the demo's Pils), "Nee" keeps the order, "Ja, 18+" goes on to the payment; an order without one is not asked about.
 */
test('the till asks once for the buyer of an 18+ product, and not for a soft drink', async ({ page, baseURL }, testInfo) => {
  const admin = await apiToken(baseURL!, 'admin');
  const before = await callApi<{ ageCheck: 'off' | 'ask' }>(baseURL!, 'GET', '/api/admin/settings/', admin);
  expect((await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { ageCheck: 'ask' })).status).toBe(200);
  try {
    await openTill(page, 'till');
    await tile(page, 'Pils').tap();
    await payButton(page, 'Cash').tap();
    const question = page.getByRole('dialog', { name: 'Leeftijd controleren' });
    await expect(question).toContainText('Is de klant 18 jaar of ouder?');
    await page.screenshot({ path: join(testInfo.project.outputDir, 'till-adults-question.png') });
    await question.getByRole('button', { name: 'Nee' }).tap();
    await expect(question).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Contant' })).toBeHidden();
    await expect(cartTotal(page)).toContainText('2,50');

    await payButton(page, 'Cash').tap();
    await question.getByRole('button', { name: 'Ja, 18+' }).tap();
    const cash = page.getByRole('dialog', { name: 'Contant' });
    await cash.getByRole('button', { name: /^Gereed/ }).tap();
    await expect(successSnackbar(page, 250)).toBeVisible();

    // The next order, a soft drink only: straight to the payment.
    await tile(page, 'Cola').tap();
    await payButton(page, 'Cash').tap();
    await expect(cash).toBeVisible();
    await expect(question).toBeHidden();
    await cash.getByRole('button', { name: /^Gereed/ }).tap();
    await expect(successSnackbar(page, 200)).toBeVisible();
  } finally {
    await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { ageCheck: before.result.ageCheck });
  }
});

/**
 * The age check 'account': an 18+ order opens no cash payment, and is sold on an account only when the date of birth
 * the board recorded shows 18 or older (accounts checks it with the sale; the order stays when it does not).
 */
test("with the age check 'account' the bar sells beer only on an account whose date of birth shows 18", async ({ page, baseURL }, testInfo) => {
  const admin = await apiToken(baseURL!, 'admin');
  const before = await callApi<{ ageCheck: 'off' | 'ask' | 'account' }>(baseURL!, 'GET', '/api/admin/settings/', admin);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const adult = await ownAccount(baseURL!, 'Volwassen', 1_000, { dateOfBirth: '1990-04-01' });
  const young = await ownAccount(baseURL!, 'Jong', 1_000, { dateOfBirth: `${Number(today.slice(0, 4)) - 17}${today.slice(4)}` });
  expect((await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { ageCheck: 'account' })).status).toBe(200);
  try {
    await openTill(page, 'bar');
    await tile(page, 'Pils').tap();
    await payButton(page, 'Cash').tap();
    const onlyOnAccount = page.getByRole('dialog', { name: 'Alleen op rekening' });
    await expect(onlyOnAccount).toContainText('alleen verkocht op een rekening met een geboortedatum van 18 jaar of ouder');
    await page.screenshot({ path: join(testInfo.project.outputDir, 'till-adults-account-only.png') });
    await onlyOnAccount.getByRole('button', { name: /^OK/ }).tap();
    await expect(page.getByRole('dialog', { name: 'Contant' })).toBeHidden();

    await payButton(page, 'Account').tap();
    await pickAccount(page.getByRole('dialog', { name: 'Select account' }), young.name);
    const refused = page.getByRole('dialog', { name: 'Leeftijd controleren' });
    await expect(refused).toContainText(`${young.name} is not 18 or older by its date of birth: 18+ products are not sold on it.`);
    await refused.getByRole('button', { name: /^OK/ }).tap();
    await expect(cartTotal(page)).toContainText('2,50');

    await payButton(page, 'Account').tap();
    await pickAccount(page.getByRole('dialog', { name: 'Select account' }), adult.name);
    await expect(successSnackbar(page, 250)).toBeVisible();
    expect(await balanceOf(baseURL!, adult.name)).toBe(750);
    expect(await balanceOf(baseURL!, young.name)).toBe(1_000);
  } finally {
    await callApi(baseURL!, 'PUT', '/api/admin/settings/', admin, { ageCheck: before.result.ageCheck });
  }
});
