import { expect, test, type Page } from '@playwright/test';
import { acceptTerms, enterNewUser, newViaductUser, signIn, throughViaduct } from './helpers';
import { memberWithPin, onMembersRegister } from './till-helpers';

/**
 * Members on their phones (a 390x844 touch screen, in Chromium against the running system): the phone's own keyboard
 * is the only one, account setup starts with the name single sign-on gave, and the two-factor page says when the
 * code is asked.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const onScreenKeyboard = (page: Page) => page.getByRole('group', { name: 'On-screen keyboard' });

test('on /login, /account and /pos a member types with the phone keyboard: the till keyboard neither opens nor is offered', async ({ page, baseURL }) => {
  const member = await memberWithPin(baseURL!, 'Telefoon Lid', 1_500);
  // The register members get: they pay with their own account on /pos too.
  await onMembersRegister(baseURL!, member.username);

  await page.goto('/login');
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  await page.getByLabel('Username').click();
  await expect(onScreenKeyboard(page)).toHaveCount(0);
  await signIn(page, member.username, 'member-password', '/account');
  await page.goto('/account');
  const amount = page.getByLabel('Amount in euros');
  await amount.click();
  await expect(amount).toBeFocused();
  await page.getByLabel('New PIN code').click();
  await expect(onScreenKeyboard(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'On-screen keyboard' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/members-phone-account.png' });

  // Paying on /pos from the phone, on the Members register: still the phone's keyboard.
  await page.goto('/pos');
  await page.getByRole('searchbox', { name: 'Search products' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toBeFocused();
  await expect(onScreenKeyboard(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'On-screen keyboard' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/members-phone-pos.png' });

  // The till on the same kind of screen still has it.
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await signIn(page, 'till');
  await page.goto('/pos');
  await page.getByRole('searchbox', { name: 'Search products' }).click();
  await expect(onScreenKeyboard(page)).toBeVisible();
});

test('account setup starts with the name from single sign-on, and the two-factor page says the code follows the sign-on', async ({ page }) => {
  const user = newViaductUser('Femke');
  await page.goto('/setup');
  await throughViaduct(page, enterNewUser(user));
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/setup$/);
  const name = page.getByLabel('Your name');
  await expect(name).toHaveValue(user.name);
  await name.click();
  await expect(onScreenKeyboard(page)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/members-phone-setup.png' });

  await page.goto('/setup/tfa');
  await expect(page.getByText(/^Signing in through single sign-on also needs a code from an authenticator app on your phone: Kassa asks for it right after the sign-on page\./)).toBeVisible();
});
