import { expect, test } from '@playwright/test';
import { openTill, payButton, successSnackbar, tile } from './till-helpers';

test('a till with a keyboard: F1 and F3 open their modals, and focus comes back to the tile after Escape and after a sale', async ({ page }) => {
  await openTill(page, 'till');
  await expect(payButton(page, 'Cash')).toHaveAttribute('aria-keyshortcuts', 'F1');
  await expect(payButton(page, 'Cash').locator('kbd')).toHaveText('F1');

  const pils = tile(page, 'Pils');
  await pils.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-total')).toHaveText(/2,50/);

  await page.keyboard.press('F1');
  const contant = page.getByRole('dialog', { name: 'Contant' });
  await expect(contant).toContainText(/2,50/);
  await page.keyboard.press('Escape');
  await expect(contant).toHaveCount(0);
  await expect(pils).toBeFocused();

  await page.keyboard.press('F3');
  const picker = page.getByRole('dialog', { name: 'Select account' });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(pils).toBeFocused();

  // Paid: Cash is disabled with the cart empty, and focus goes to the tile last used rather than the page.
  await page.keyboard.press('F1');
  await contant.getByRole('button', { name: /^Gereed/ }).click();
  await expect(successSnackbar(page, 250)).toBeVisible();
  await expect(contant).toHaveCount(0);
  await expect(payButton(page, 'Cash')).toBeDisabled();
  await expect(pils).toBeFocused();
});
