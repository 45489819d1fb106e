import { expect, test } from '@playwright/test';
import { apiToken, signIn, token } from './helpers';
import { payButton } from './till-helpers';

/**
 * Users and registers on the real system: rights that change while someone is signed in. Each test makes its own
 * register and user, so no other spec's till changes.
 */
const unique = () => Date.now().toString(36).slice(-5);

async function cashSale(baseURL: string, bearer: string) {
  const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
  const products = (await (await fetch(`${baseURL}/api/products/`, { headers })).json()) as { result: { categories: { products: { id: string }[] }[] } };
  const id = products.result.categories[0]!.products[0]!.id;
  return fetch(`${baseURL}/api/checkout/cash/`, { method: 'POST', headers, body: JSON.stringify({ products: [{ id, amount: 1 }], nonce: `e2e-rights-${unique()}-${Math.random()}` }) });
}

test('removing Cash from a register: the signed-in till is refused at once and loses the button within a minute', async ({ page, browser, baseURL }) => {
  // The till reloads its configuration every minute; the end-to-end system every 10 s (CLIENT_REFRESH_MS).
  const name = `Terras ${unique()}`;
  const username = `terras-${unique()}`;
  await signIn(page, 'admin');
  await page.goto('/admin/registers');
  await page.getByRole('button', { name: 'New register' }).click();
  const form = page.getByRole('dialog', { name: 'New register' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Cash').check();
  await form.getByLabel('Card (payment terminal)').check();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const registerUrl = page.url();

  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const userForm = page.getByRole('dialog', { name: 'New user' });
  await userForm.getByLabel('Username').fill(username);
  await userForm.getByLabel('Password').fill('kort');
  await userForm.getByRole('button', { name: 'Create' }).click();
  await expect(userForm.getByText('A password has at least 8 characters.')).toBeVisible();
  await userForm.getByLabel('Password').fill('terras-tap-1');
  await userForm.getByLabel('Register').selectOption({ label: name });
  await userForm.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: username })).toBeVisible();

  const till = await (await browser.newContext()).newPage();
  await signIn(till, username, 'terras-tap-1');
  await till.goto('/pos');
  await expect(till.getByRole('region', { name: 'Bier' })).toBeVisible();
  await expect(payButton(till, 'Cash')).toBeVisible();
  const tillToken = (await token(till))!;
  expect((await cashSale(baseURL!, tillToken)).status).toBe(200);

  await page.goto(registerUrl);
  await page.getByRole('form', { name: `Register ${name}` }).getByLabel('Cash').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(`${name} is saved.`);

  // The same token, no new sign-in: refused at once by checkout, and the button goes at the next config refresh.
  const refused = await cashSale(baseURL!, tillToken);
  expect(refused.status).toBe(403);
  await expect(payButton(till, 'Cash')).toHaveCount(0, { timeout: 15_000 });
  await expect(payButton(till, 'Card')).toBeVisible();

  // A register with users cannot be deleted: the confirmation says who.
  await page.getByRole('button', { name: 'Delete register' }).click();
  await expect(page.getByRole('dialog', { name: `Delete ${name}` })).toContainText(`still has users (${username})`);
  await till.context().close();
});

test('a new user signs in; a password reset ends their old sign-in, losing the admin flag closes /admin', async ({ page, browser, baseURL }) => {
  const username = `kas-${unique()}`;
  const admin = await apiToken(baseURL!, 'admin');
  const created = await fetch(`${baseURL}/api/admin/users/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'eerste-wachtwoord', isAdmin: true }),
  });
  expect(created.status).toBe(200);
  const { id } = ((await created.json()) as { result: { id: string } }).result;

  const them = await (await browser.newContext()).newPage();
  await signIn(them, username, 'eerste-wachtwoord');
  const theirs = (await token(them))!;
  expect((await fetch(`${baseURL}/api/admin/settings/`, { headers: { authorization: `Bearer ${theirs}` } })).status).toBe(200);

  await signIn(page, 'admin');
  await page.goto(`/admin/users/${id}`);
  await page.getByRole('button', { name: 'Take admin rights' }).click();
  await page.getByRole('dialog', { name: `Take admin rights from ${username}` }).getByRole('button', { name: 'Take admin rights' }).click();
  await expect(page.getByRole('status')).toContainText('done');
  expect((await fetch(`${baseURL}/api/admin/settings/`, { headers: { authorization: `Bearer ${theirs}` } })).status).toBe(403);

  await page.getByLabel('New password').fill('tweede-wachtwoord');
  await page.getByRole('button', { name: 'Set password' }).click();
  // It says what will happen before it happens.
  const confirm = page.getByRole('dialog', { name: `Set a new password for ${username}` });
  await expect(confirm).toContainText(`every device signed in as ${username} is signed out at once`);
  await confirm.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText(`Every device signed in as ${username} is signed out.`);
  expect((await fetch(`${baseURL}/api/config/`, { headers: { authorization: `Bearer ${theirs}` } })).status).toBe(401);
  await them.context().close();

  // An admin cannot disable themselves: the page does not offer it.
  await page.goto('/admin/users?search=admin');
  await page.getByRole('link', { name: 'admin', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Disable' })).toBeDisabled();
});

test("a new admin without an own account: the first sign-in opens the admin pages, not the account request", async ({ browser, baseURL }) => {
  const username = `bestuur-${unique()}`;
  const admin = await apiToken(baseURL!, 'admin');
  const created = await fetch(`${baseURL}/api/admin/users/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'eerste-wachtwoord', isAdmin: true }),
  });
  expect(created.status).toBe(200);

  const them = await (await browser.newContext()).newPage();
  await signIn(them, username, 'eerste-wachtwoord', '/admin/accounts');
  await expect(them).toHaveURL(/\/admin\/accounts$/);
  await expect(them.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  await them.goto('/admin/transactions');
  await expect(them).toHaveURL(/\/admin\/transactions$/);
  await expect(them.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  // The account request is still offered where a member would look for it.
  await them.goto('/account');
  await expect(them).toHaveURL(/\/setup$/);
  await them.context().close();
});
