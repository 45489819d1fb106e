import { expect, test, type Page } from '@playwright/test';
import { acceptTerms, enterNewUser, newViaductUser, throughViaduct, token } from './helpers';

/** Who the stored token belongs to, as the server sees it. */
async function signedInUser(page: Page) {
  const access = await token(page);
  expect(access).toBeTruthy();
  const res = await page.request.get('/api/config/', { headers: { authorization: `Bearer ${access}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { result: { user: { username: string; viaductUserId: string | null; accountId: string | null } } };
  return body.result.user;
}

const sidebar = (page: Page) => page.getByRole('complementary');

test('a new Viaduct user is created on first sign-in and lands where next pointed', async ({ page }) => {
  const user = newViaductUser('Noor');
  await page.goto(`/login?next=${encodeURIComponent('/about?section=terms')}`);

  const callback = await throughViaduct(page, enterNewUser(user));
  expect(callback.searchParams.get('code')).toBeTruthy();
  expect(callback.searchParams.get('state')).toBe('/about?section=terms');

  await expect(page).toHaveURL(/\/about\?section=terms$/);
  await expect(page.getByRole('heading', { name: 'About Kassa' })).toBeVisible();
  await expect(sidebar(page).getByText(user.username, { exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Account setup' })).toBeVisible();
  expect(await signedInUser(page)).toMatchObject({ username: user.username, viaductUserId: user.viaductId, accountId: null });
});

test('a new Viaduct user coming from the till is sent to account setup after the terms', async ({ page }) => {
  const user = newViaductUser('Daan');
  await page.goto('/pos');
  await expect(page).toHaveURL(/\/login\?next=%2Fpos$/);

  const callback = await throughViaduct(page, enterNewUser(user));
  expect(callback.searchParams.get('state')).toBe('/pos');

  await acceptTerms(page);
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.locator('[data-remote="mfe_account"]')).toBeAttached();
  expect(await signedInUser(page)).toMatchObject({ username: user.username, viaductUserId: user.viaductId });
});

test('a known Viaduct user (id 1000) signs in as member and returns to the deep link', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);

  await throughViaduct(page, (provider) => provider.getByRole('button', { name: /Log in as Marit de Member \(Viaduct id 1000\)/ }).click());
  // The board may have published new terms since this member last signed in (admin-settings does): they accept them.
  await acceptTerms(page);

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator('[data-remote="mfe_account"]')).toBeAttached();
  await expect(sidebar(page).getByText('member', { exact: true })).toBeVisible();
  expect(await signedInUser(page)).toMatchObject({ username: 'member', viaductUserId: '1000' });
});
