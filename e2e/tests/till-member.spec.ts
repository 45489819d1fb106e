import { expect, test } from '@playwright/test';
import { addProducts, memberWithPin, onMembersRegister, openTill, payButton } from './till-helpers';

test('member: "Pay with your account" is disabled once the total exceeds the balance', async ({ page, baseURL }) => {
  // A member of the spec's own with € 25,00 on the Members register, as the demo member is, whose balance no other spec moves.
  const member = await memberWithPin(baseURL!, 'Eigen Lid', 2_500);
  await onMembersRegister(baseURL!, member.username);
  await openTill(page, member.username, member.password);
  const pay = payButton(page, 'Pay with your account');
  await expect(page.getByTestId('own-balance')).toContainText('25,00');
  await expect(pay).toBeDisabled();
  await addProducts(page, 'Bitterballen (6)');
  await expect(pay).toBeEnabled();
  for (let i = 0; i < 5; i += 1) await addProducts(page, 'Bitterballen (6)');
  await expect(page.getByTestId('cart-total')).toHaveText(/27,00/);
  await expect(pay).toBeDisabled();
  // It says why, and where to fix it.
  const why = page.getByTestId('self-pay-why');
  await expect(why).toHaveText(/^Balance too low: €\s25,00\. Top up your account$/);
  await expect(pay).toHaveAccessibleDescription(/Balance too low/);
  await expect(why.getByRole('link', { name: 'Top up your account' })).toHaveAttribute('href', '/account#top-up');
  await page.getByRole('button', { name: 'One Bitterballen (6) less' }).click();
  await expect(pay).toBeEnabled();
  await expect(why).toHaveCount(0);
  // Following the link lands on the top-up form, not the top of /account.
  await addProducts(page, 'Bitterballen (6)');
  await why.getByRole('link', { name: 'Top up your account' }).click();
  await expect(page).toHaveURL(/\/account#top-up$/);
  await expect(page.getByRole('region', { name: /top up/i })).toBeInViewport();
});
