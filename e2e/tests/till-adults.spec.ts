import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { apiToken } from './helpers';
import { callApi, cartTotal, openTill, payButton, successSnackbar, tile } from './till-helpers';

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
