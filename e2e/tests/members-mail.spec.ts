import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, enterNewUser, newViaductUser, throughViaduct, token } from './helpers';

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** What the local mail catcher `npm start` runs (the gateway's port + 6) has received for `address`. */
async function mailsTo(baseURL: string, address: string): Promise<CaughtMail[]> {
  const inbox = new URL(baseURL);
  inbox.port = String(Number(inbox.port) + 6);
  inbox.pathname = '/mails.json';
  const mails = (await (await fetch(inbox)).json()) as CaughtMail[];
  return mails.filter((m) => m.to.includes(address));
}

/** The terms dialog of a first sign-in comes up once the page has asked for the configuration: accept it, then `ready`. */
async function acceptTermsThen(page: Page, ready: Locator) {
  const dialog = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(dialog.or(ready).first()).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(ready).toBeVisible();
}

// A new single-sign-on member of its own: asks for an account (through the API; members-setup.spec.ts does it on the
// page), chooses English mails, is approved by the board, and gets the mail through real SMTP into the catcher.
test('the approval mail reaches the catcher and /account lists it; the member changes address and language there', async ({ page, baseURL }) => {
  const base = baseURL!;
  const user = newViaductUser('Mila');
  const address = `${user.viaductId}@example.org`;
  await page.goto('/login');
  await throughViaduct(page, enterNewUser(user));
  await expect(page).toHaveURL(/\/setup$/);
  await acceptTermsThen(page, page.getByRole('heading', { name: 'Account setup' }));
  const member = { authorization: `Bearer ${await token(page)}`, 'content-type': 'application/json' };

  const profile = await fetch(`${base}/api/user/profile`, { method: 'PUT', headers: member, body: JSON.stringify({ email: address, language: 'en' }) });
  expect(profile.status).toBe(200);
  const asked = await fetch(`${base}/api/account_request/request`, {
    method: 'POST',
    headers: member,
    body: JSON.stringify({ pin: '2468', acceptTerms: true, creditAccount: false, name: user.name }),
  });
  const { id } = ((await asked.json()) as { result: { id: string } }).result;
  const admin = { authorization: `Bearer ${await apiToken(base, 'admin')}`, 'content-type': 'application/json' };
  expect((await fetch(`${base}/api/admin/account_requests/${id}/status`, { method: 'POST', headers: admin, body: JSON.stringify({ status: 'approved' }) })).status).toBe(200);

  await expect.poll(async () => (await mailsTo(base, address)).map((m) => m.subject)).toEqual(['Your account has been approved']);
  const [mail] = await mailsTo(base, address);
  expect(mail!.text).toContain(`Dear ${user.name},`);
  expect(mail!.text).toContain(`your account "${user.name}" is ready to use`);

  await page.goto('/account');
  await acceptTermsThen(page, page.getByRole('heading', { name: 'Your account' }));
  const messages = page.getByRole('region', { name: 'Messages' });
  await messages.getByText('Your account has been approved').click();
  await expect(messages.getByText(`your account "${user.name}" is ready to use`)).toBeVisible();

  const form = page.getByRole('region', { name: 'E-mail' });
  await expect(form.getByLabel('E-mail address')).toHaveValue(address);
  await expect(form.getByLabel('Language of the mails')).toHaveValue('en');
  await form.getByLabel('E-mail address').fill('not an address');
  await form.getByRole('button', { name: 'Save e-mail settings' }).click();
  await expect(form.getByText('Enter an e-mail address like lid@example.nl.')).toBeVisible();
  await form.getByLabel('E-mail address').fill(`new.${address}`);
  await form.getByLabel('Language of the mails').selectOption('nl');
  await form.getByRole('button', { name: 'Save e-mail settings' }).click();
  await expect(form.getByText('Your e-mail settings are saved.')).toBeVisible();
  const saved = (await (await fetch(`${base}/api/user/profile`, { headers: member })).json()) as { result: unknown };
  expect(saved.result).toMatchObject({ email: `new.${address}`, language: 'nl' });
});
