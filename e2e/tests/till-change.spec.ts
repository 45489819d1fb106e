import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { cents, openTill, payButton, successSnackbar, tile } from './till-helpers';

const SIZES = [
  { label: 'tablet', width: 1024, height: 768 },
  { label: 'phone', width: 390, height: 844 },
] as const;

test.use({ hasTouch: true });

/** Change to give (issue 49 §2): tapped at a tablet and a phone, the cash modal shows the change and books the order. */
for (const size of SIZES) {
  test(`the cash modal shows the change for the note handed over, at ${size.label} size with touch`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openTill(page, 'till');
    await tile(page, 'Pils').tap();
    // The phone shows the cart as a panel behind its button.
    if (size.label === 'phone') await page.getByRole('button', { name: 'Cart', exact: true }).tap();
    await payButton(page, 'Cash').tap();
    const modal = page.getByRole('dialog', { name: 'Contant' });
    const total = cents((await modal.locator('.till-price__amount').innerText()).replace('Amount', ''));
    await modal.getByRole('button', { name: '€ 20' }).tap();
    await expect(modal.getByRole('status')).toContainText('Change');
    expect(cents((await modal.getByRole('status').innerText()).replace('Change', ''))).toBe(2000 - total);
    await page.screenshot({ path: join(testInfo.project.outputDir, `till-change-${size.label}.png`) });
    await modal.getByRole('button', { name: /^Gereed/ }).tap();
    await expect(successSnackbar(page, total)).toBeVisible();
  });
}
