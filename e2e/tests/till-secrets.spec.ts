import { expect, test } from '@playwright/test';
import { addProducts, openTill, ownRegister, payButton, queueTerminal, swipeCard } from './till-helpers';

test('a card swipe with an empty cart never reaches the focused search field; the till says "Add products first"', async ({ page }) => {
  await openTill(page, 'till');
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.click();
  await expect(search).toBeFocused();
  await swipeCard(page, '$e2e-secret-4242');
  await expect(page.getByText('Add products first')).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(page.getByText(/No products match/)).toHaveCount(0);
  await expect(page.getByText(/e2e-secret-4242/)).toHaveCount(0);
});

test("a failed card payment's red bar shows the failed amount and asks before adding it to another order", async ({ page, baseURL }) => {
  const bar = await ownRegister(baseURL!, 'Bar');
  await openTill(page, bar.username, bar.password);
  await queueTerminal(baseURL!, ['expired'], bar.registerId);
  await addProducts(page, 'Jägermeister', 'Nootjes');
  await payButton(page, 'Card').click();
  const failed = page.getByRole('button', { name: /Transaction failed, please try again!/ });
  await expect(failed).toContainText(/4,50/);
  await addProducts(page, 'Cola');
  await failed.click();
  const ask = page.getByRole('dialog', { name: 'Another order is in the cart' });
  await expect(ask).toContainText(/failed order of €\s4,50/);
  await ask.getByRole('button', { name: 'Annuleer' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText(/2,00/);
  await expect(failed).toBeVisible();
});
