import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn, token } from './helpers';
import { totp } from './totp';

// The spec makes its own user, and its own admin with a second factor: with two-factor sign-in required the server
// refuses everything else to users without one, the demo admin too. afterAll turns the setting off again.
const RUN = Date.now().toString(36).slice(-5);
const USER = `tfa-${RUN}`;
const PASSWORD = `tfa-pass-${RUN}`;
const STEP_S = 30;

const currentStep = () => Math.floor(Date.now() / 1000 / STEP_S);

/** Six digits the server cannot take as a current code (it allows one step either side). */
function wrongCode(key: string): string {
  const step = currentStep();
  const valid = new Set([-1, 0, 1, 2].map((d) => totp(key, step + d)));
  return ['000000', '111111', '222222', '333333', '444444'].find((c) => !valid.has(c))!;
}

let baseURL = '';
let adminToken = '';
let secret = '';
let enrolStep = 0;
let recoveryCodes: string[] = [];

async function api(method: string, path: string, access: string, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${access}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { result: Record<string, unknown> | null; errorIdentifier: string | null } };
}

async function requireTfa(on: boolean) {
  const res = await api('PUT', '/api/admin/settings/', adminToken, { requireTfa: on });
  expect(res.status).toBe(200);
  expect(res.body.result).toMatchObject({ requireTfa: on });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name) });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  baseURL = String(test.info().project.use.baseURL);
  const demoAdmin = await apiToken(baseURL, 'admin');
  expect((await api('POST', '/api/admin/users/', demoAdmin, { username: USER, password: PASSWORD })).status).toBe(200);
  // An admin of this spec's own, enrolled in two-factor sign-in, keeps the administration open while it is required.
  const adminName = `tfa-admin-${RUN}`;
  expect((await api('POST', '/api/admin/users/', demoAdmin, { username: adminName, password: PASSWORD, isAdmin: true })).status).toBe(200);
  adminToken = await apiToken(baseURL, adminName, PASSWORD);
  const setup = await api('POST', '/api/user/tfa/setup', adminToken);
  const adminKey = String(setup.body.result?.secret);
  expect((await api('POST', '/api/user/tfa/enable', adminToken, { code: totp(adminKey, currentStep()) })).status).toBe(200);
  await requireTfa(true);
});

test.afterAll(async () => {
  if (adminToken) await requireTfa(false);
});

test('with two-factor sign-in required, a user is sent to enrolment and turns it on', async ({ page }) => {
  await signIn(page, USER, PASSWORD);
  await expect(page).toHaveURL(/\/setup\/tfa\?next=%2Fpos$/);

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByText('Scan this code with your authenticator app')).toBeVisible();
  const key = await page.getByText(/^Or enter this key:/).textContent();
  secret = (key ?? '').replace('Or enter this key:', '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, 'tfa-enrolment.png');

  // Nothing else opens before it is on; back on the screen, the key already scanned is still the one shown.
  await page.getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(/\/setup\/tfa\?next=%2Fpos$/);
  await expect(page.getByText(/^Or enter this key:/)).toHaveText(`Or enter this key: ${secret}`);

  await page.getByLabel('Code').fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Invalid code.')).toBeVisible();

  enrolStep = currentStep();
  await page.getByLabel('Code').fill(totp(secret, enrolStep));
  await page.getByRole('button', { name: 'Turn on' }).click();

  await expect(page.getByRole('heading', { name: 'Recovery codes' })).toBeVisible();
  await expect(
    page.getByText('Each code signs you in once if you lose your phone. Store them somewhere safe; they are not shown again.'),
  ).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  recoveryCodes = await codes.allTextContents();
  await shot(page, 'tfa-recovery-codes.png');

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/pos$/);
  await expect(page.locator('[data-remote="mfe_pos"]')).toBeAttached();
});

test('signing in again asks for the code: none, a wrong one, then the right one', async ({ page }) => {
  expect(secret).not.toBe('');
  await page.goto('/login?next=%2Fpos');
  await page.getByLabel('Username').fill(USER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  const code = page.getByLabel('Two-factor code');
  await expect(code).toBeVisible();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')).toBeVisible();
  await shot(page, 'login-tfa-step.png');

  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the code from your authenticator app.');
  await expect(page).toHaveURL(/\/login\?next=%2Fpos$/);
  await expect(code).toBeVisible();

  await code.fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code.');
  await expect(code).toBeVisible();
  expect(await token(page)).toBeNull();
  await shot(page, 'login-tfa-invalid.png');

  // The code used to turn it on may not be used again: take the next time step when the clock has not moved on yet.
  await code.fill(totp(secret, Math.max(currentStep(), enrolStep + 1)));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/pos$/);
  await expect(page.locator('[data-remote="mfe_pos"]')).toBeAttached();

  // A recovery code turns it off again, after which the password alone signs in.
  const access = (await token(page)) ?? '';
  const off = await api('POST', '/api/user/tfa/disable', access, { code: recoveryCodes[0] });
  expect(off.status).toBe(200);
  expect(off.body.result).toEqual({ tfaEnabled: false });
  const plain = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  });
  expect(plain.status).toBe(200);
});
