import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { memberWithPin, onMembersRegister } from './till-helpers';

const euros = (cents: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);

interface OwnTransaction {
  description: string;
  amount: number;
  balanceAfter: number;
}

async function api<T>(baseURL: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = (await res.json()) as { result: T };
  return body.result;
}

/** The conditions dialog comes up on a first sign-in (and after new terms): accept it, then wait for `ready`. */
async function acceptTermsThen(page: Page, ready: Locator) {
  const dialog = page.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(dialog.or(ready).first()).toBeVisible();
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(ready).toBeVisible();
}

/** A member of the spec's own (on the Members register, PIN 1234, € 25,00 as the demo member starts with): nothing another spec does moves it. */
async function ownMember(baseURL: string) {
  const member = await memberWithPin(baseURL, 'Lid Rekening', 2_500);
  await onMembersRegister(baseURL, member.username);
  return { ...member, token: await apiToken(baseURL, member.username, member.password) };
}

async function openAccount(page: Page, member: { username: string; password: string }) {
  await signIn(page, member.username, member.password);
  await page.goto('/account');
  await acceptTermsThen(page, page.getByRole('heading', { name: 'Your account' }));
}

test('member sees their balance and history on /account', async ({ page, baseURL }) => {
  const member = await ownMember(baseURL!);
  // One purchase after the top-up, so the history has an order to show: newest first.
  const products = await api<{ categories: { products: { id: string; name: string; price: number }[] }[] }>(baseURL!, member.token, '/api/products/');
  const pils = products.categories.flatMap((c) => c.products).find((p) => p.name === 'Pils');
  expect(pils?.price).toBe(250);
  const bought = await fetch(`${baseURL}/api/checkout/self/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ products: [{ id: pils!.id, amount: 1 }], nonce: `members-e2e-${Date.now()}-${Math.random()}` }),
  });
  expect(bought.status).toBe(200);
  await openAccount(page, member);
  const history = await api<{ items: OwnTransaction[]; total: number }>(baseURL!, member.token, '/api/account/transactions?page=1&perPage=15');
  expect(history.items.map((t) => [t.amount, t.balanceAfter])).toEqual([
    [-250, 2_250],
    [2_500, 2_500],
  ]);

  const balance = page.locator('.account-balance__amount');
  await expect(balance).toHaveText(euros(2_250));
  // A prepaid account is never below zero; above it, the balance is green.
  await expect(balance).toHaveClass(/k-money--positive/);
  await expect(page.getByText('Prepaid account: top up before you pay.')).toBeVisible();

  const rows = page.locator('.account-history tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(history.items[0]!.description);
  await expect(rows.first()).toContainText(euros(-250));
  // Dates in Dutch with the long month.
  await expect(rows.first()).toContainText(/\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}/);
  await expect(rows.last()).toContainText(history.items[1]!.description);
  await expect(rows.last()).toContainText(euros(2_500));
});

test('member changes the PIN; a three-digit PIN is refused with the SPEC message', async ({ page, baseURL }) => {
  const member = await ownMember(baseURL!);
  await openAccount(page, member);
  const form = page.locator('#pin');
  await form.getByLabel('New PIN code').fill('123');
  await form.getByLabel('Repeat PIN code').fill('123');
  await form.getByRole('button', { name: 'Save PIN code' }).click();
  await expect(form.getByText('Pin code does not contain precisely four digits.')).toBeVisible();

  await form.getByLabel('New PIN code').fill('4321');
  await form.getByLabel('Repeat PIN code').fill('4321');
  await form.getByRole('button', { name: 'Save PIN code' }).click();
  await expect(form.getByText('Enter your current PIN code or your password.')).toBeVisible();
  await form.getByLabel('Current PIN code or password').fill('1234');
  await form.getByRole('button', { name: 'Save PIN code' }).click();
  await expect(form.getByText('Your PIN code is saved.')).toBeVisible();

  // The new PIN is the one the server holds: the old one no longer proves who you are, the new one does.
  const change = (current: string) =>
    fetch(`${baseURL}/api/account/pin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pin: '5678', current }),
    });
  expect((await change('1234')).status).toBe(400);
  expect((await change('4321')).status).toBe(200);
});

test('member tops up € 10,00 at the stand-in bank: credited once although the callback comes five times', async ({ page, baseURL }) => {
  const member = await ownMember(baseURL!);
  const { token } = member;
  const before = 2_500;
  expect((await api<{ balance: number }>(baseURL!, token, '/api/account/')).balance).toBe(before);
  expect((await api<{ total: number }>(baseURL!, token, '/api/account/transactions?page=1&perPage=1')).total).toBe(1);

  await openAccount(page, member);
  await expect(page.locator('.account-balance__amount')).toHaveText(euros(before));
  await page.getByLabel('Amount in euros').fill('10');
  await page.getByRole('button', { name: 'Top up with iDEAL' }).click();

  // The stand-in bank.
  await expect(page).toHaveURL(/\/api\/payments\/standin\/tr_/);
  await expect(page.locator('.amount')).toHaveText('€ 10,00');
  const providerId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.getByRole('button', { name: 'Pay' }).click();

  // The bank page sent the first callback; four more, three of them at the same moment.
  const callback = () =>
    fetch(`${baseURL}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${providerId}` });
  expect((await callback()).status).toBe(200);
  const together = await Promise.all([callback(), callback(), callback()]);
  expect(together.map((r) => r.status)).toEqual([200, 200, 200]);

  await expect(page).toHaveURL(/\/account\?payment=[0-9a-f]{24}$/);
  await expect(page.getByText('Top-up of € 10,00 received')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.account-balance__amount')).toHaveText(euros(before + 1000));
  await expect(page.locator('.account-history tbody tr').first()).toContainText('Online top-up (iDEAL)');

  // Give any late callback jobs time to run, then check the ledger once more.
  await page.waitForTimeout(2000);
  expect((await api<{ balance: number }>(baseURL!, token, '/api/account/')).balance).toBe(before + 1000);
  const history = await api<{ items: OwnTransaction[]; total: number }>(baseURL!, token, '/api/account/transactions?page=1&perPage=5');
  expect(history.total).toBe(2);
  expect(history.items.filter((t) => t.description === 'Online top-up (iDEAL)' && t.amount === 1000)).toHaveLength(1);
});
