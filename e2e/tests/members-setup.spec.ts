import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** The conditions dialog comes up on a first sign-in (and after new terms): accept it, then wait for `ready`. */
async function acceptTermsThen(page: Page, ready: Locator) {
  const dialog = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(dialog.or(ready).first()).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(ready).toBeVisible();
}

/** Signs in through the stand-in single-sign-on page as a new Viaduct member (no account yet). */
async function signInWithViaduct(page: Page, name: string, viaductId: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in with Viaduct' }).click();
  await page.locator('#name').fill(name);
  await page.locator('#viaduct_id').fill(viaductId);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function asAdmin(browser: Browser, task: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, 'admin');
    await page.goto('/admin/account_requests');
    await acceptTermsThen(page, page.getByRole('heading', { name: 'Account requests' }));
    await task(page);
  } finally {
    await context.close();
  }
}

test('newbie is sent to /setup, where a bad IBAN is refused as it is typed', async ({ page }) => {
  await signIn(page, 'newbie');
  await expect(page).toHaveURL(/\/setup$/);
  await acceptTermsThen(page, page.getByRole('heading', { name: 'Account setup' }));
  await page.getByLabel(/Credit \(direct debit\)/).check();
  await page.getByLabel('IBAN').fill('NL91ABNA0417164301');
  await expect(page.getByText('Invalid IBAN.')).toBeVisible();
  await page.getByLabel('IBAN').fill('NL91ABNA0417164300');
  await expect(page.getByText('Invalid IBAN.')).toHaveCount(0);
});

// The demo newbie stays without an account for the other specs; a new single-sign-on member, in the same situation
// (the Members register, no account), goes through the whole request.
test('a new member asks for a credit account, the board approves it, and the member then has /account', async ({ page, browser }) => {
  const name = `Nina Nieuw ${Date.now() % 100_000}`;
  await signInWithViaduct(page, name, `e2e-${Date.now()}`);
  await expect(page).toHaveURL(/\/setup$/);
  await acceptTermsThen(page, page.getByRole('heading', { name: 'Account setup' }));
  await expect(page.getByRole('link', { name: 'Account setup' })).toBeVisible();

  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('PIN code', { exact: true }).fill('2468');
  await page.getByLabel('Repeat PIN code').fill('2468');
  await page.getByLabel(/Credit \(direct debit\)/).check();
  await page.getByLabel('IBAN').fill('NL91ABNA0417164301');
  await expect(page.getByText('Invalid IBAN.')).toBeVisible();
  await page.getByLabel('IBAN').fill('NL91ABNA0417164300');
  await page.getByLabel('BIC').fill('ABNANL2A');
  await expect(page.getByText(/authorise the association to send instructions to your bank/)).toBeVisible();
  await page.getByLabel(/I accept the terms and conditions/).check();
  await page.getByRole('button', { name: 'Request account' }).click();
  await expect(page.getByText('Your request is waiting for approval')).toBeVisible();

  await asAdmin(browser, async (admin) => {
    const row = admin.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('NL91 ABNA 0417 1643 00');
    await row.getByRole('button', { name: `Approve ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Approve account request' });
    await expect(dialog).toContainText(`This creates a credit account "${name}"`);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText(`Approved: ${name}`)).toBeVisible();
  });

  // The setup page also looks again by itself (every 10 s in the test system), so the approval may show before
  // "Check again" is tapped; the button is tapped only while the page still waits.
  const approved = page.getByText('Your account has been approved').or(page.getByText('Your account is ready'));
  const checkAgain = page.getByRole('button', { name: 'Check again' });
  await expect(approved.or(checkAgain).first()).toBeVisible();
  if (!(await approved.first().isVisible())) await Promise.race([checkAgain.click().catch(() => undefined), approved.first().waitFor()]);
  await expect(approved).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.locator('.account-balance__amount')).toHaveText('€ 0,00');
  await expect(page.getByText('No direct debit due: your balance is not below zero.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your account' })).toBeVisible();
});
