import { expect, test } from '@playwright/test';
import { token } from './helpers';
import { totp } from './totp';

/** Real Chromium against the running system: a Viaduct user who turned on two-factor sign-in types the code after SSO. */
test('single sign-on asks a user with two-factor sign-in for the code before signing in', async ({ page, baseURL }) => {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const viaduct = async () => {
    await page.goto('/login?next=%2Fabout');
    await page.getByRole('button', { name: 'Log in with Viaduct' }).click();
    await page.getByLabel('Name').fill(`Fenna ${n}`);
    await page.getByLabel('Viaduct id').fill(`e2e-tfa-${n}`);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  };

  // First sign-in, then turn on two-factor sign-in through the API as the enrolment page would.
  await viaduct();
  await expect(page).toHaveURL(/\/about$/);
  const access = (await token(page))!;
  const call = async (path: string, body?: object) => {
    const res = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return (await res.json()) as { result: { secret?: string } };
  };
  const { secret } = (await call('/api/user/tfa/setup')).result;
  const step = () => Math.floor(Date.now() / 30_000);
  await call('/api/user/tfa/enable', { code: totp(secret!, step()) });
  await page.evaluate(() => localStorage.removeItem('access_token'));

  await viaduct();
  await expect(page).toHaveURL(/\/login\/callback/);
  const code = page.getByLabel('Two-factor code');
  await expect(code).toBeVisible();
  expect(await token(page)).toBeNull();
  await page.screenshot({ path: test.info().outputPath('sso-tfa-step.png') });

  await code.fill('000000' === totp(secret!, step()) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code.');
  expect(await token(page)).toBeNull();

  // The next step's code: the one enrolment used is spent.
  await code.fill(totp(secret!, step() + 1));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await token(page)).toBeTruthy();
});
