import { expect, test } from '@playwright/test';
import { acceptTerms, signIn, token } from './helpers';

test('an anonymous visit to / ends on the login page with next=/pos', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?next=%2Fpos$/);
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Viaduct/ })).toBeVisible();
});

test('npm start runs as training, and every page says so without covering anything', async ({ page }) => {
  await page.goto('/login');
  const band = page.getByRole('note').filter({ hasText: 'Training: no real money' });
  await expect(band).toBeVisible();
  // A tap on the band reaches what lies under it.
  const box = (await band.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('k-training-band') ?? false, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  expect(hit).toBe(false);
  await page.goto('/slides/bar');
  await expect(band).toBeVisible();
});

test('a deep link survives sign-in with its query', async ({ page }) => {
  await page.goto('/admin/products?page=2');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fproducts%3Fpage%3D2$/);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\?page=2$/);
});

for (const user of ['till', 'bar', 'member']) {
  test(`${user} lands on the till drawn by the mfe-pos remote`, async ({ page }) => {
    await signIn(page, user);
    await expect(page).toHaveURL(/\/pos$/);
    await expect(page.locator('[data-remote="mfe_pos"]')).toBeAttached();
    // The till's menu opens the navigation: the till's own links, none of the administration's.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'Shop' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Products' })).toHaveCount(0);
  });
}

test('newbie (no account yet, may pay with an own account) is sent to account setup', async ({ page }) => {
  await signIn(page, 'newbie');
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.locator('[data-remote="mfe_account"]')).toBeAttached();
});

test('admin sees the admin links and /admin opens the transactions page', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/transactions$/);
  for (const name of ['Products', 'Accounts', 'Transactions', 'Settings']) {
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
});

test('logout clears the stored token, returns to /login, and the old token is refused at once', async ({ page, baseURL }) => {
  await signIn(page, 'till');
  const old = await token(page);
  expect(old).toBeTruthy();
  await page.goto('/about');
  const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/logout/');
  await page.getByRole('button', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await token(page)).toBeNull();
  expect((await loggedOut).status()).toBe(200);
  // A copy of the token (a shared tablet, a proxy log) is worth nothing now, in every service.
  for (const path of ['/api/config/', '/api/products/']) {
    const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${old}` } });
    expect(res.status).toBe(401);
  }
});

test('a wrong password shows the error and keeps the user on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill('till');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
