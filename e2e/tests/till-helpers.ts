import { expect, type Locator, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';

export const euros = (cents: number) => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
/** "€ 4,50" as a pattern that allows the non-breaking space Intl puts after the euro sign. */
export const moneyPattern = (cents: number) => euros(cents).replace(/\s/g, '\\s');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Signs in, opens the till and accepts the terms if this is the user's first visit. */
export async function openTill(page: Page, user: string) {
  await signIn(page, user);
  await page.goto('/pos');
  const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
  const grid = page.getByRole('region', { name: 'Bier' });
  await expect(terms.or(grid).first()).toBeVisible();
  if (await terms.isVisible()) await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(grid).toBeVisible();
}

/** A product tile: its accessible name is the product name followed by its price. */
export const tile = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${escape(name)}\\s€`) });

export async function addProducts(page: Page, ...names: string[]) {
  for (const name of names) await tile(page, name).click();
}

export const payButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
export const cartTotal = (page: Page) => page.getByTestId('cart-total');
export const successSnackbar = (page: Page, cents: number) => page.getByText(new RegExp(`^Successful transaction for ${moneyPattern(cents)}`));

/** Picks an account in the open account picker by typing its name and pressing Enter (exactly one match). */
export async function pickAccount(picker: Locator, name: string) {
  const search = picker.getByRole('searchbox', { name: 'Search accounts' });
  await search.fill(name);
  await expect(picker.getByRole('list', { name: 'Accounts' }).getByRole('button')).toHaveCount(1);
  await search.press('Enter');
}

export async function typePin(page: Page, pin: string) {
  const pad = page.getByRole('dialog', { name: 'Enter PIN-code' });
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
}

/** An account's balance as a bar-mode register sees it through the API. */
export async function balanceOf(baseURL: string, name: string): Promise<number> {
  const token = await apiToken(baseURL, 'bar');
  const res = await fetch(`${baseURL}/api/accounts/`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { result: { accounts: { name: string; balance: number }[] } };
  const account = body.result.accounts.find((a) => a.name === name);
  if (!account) throw new Error(`no account ${name}`);
  return account.balance;
}

/** Tells the stand-in terminal how the next card payments end (admin API). */
export async function queueTerminal(baseURL: string, outcomes: string[]) {
  const token = await apiToken(baseURL, 'admin');
  const res = await fetch(`${baseURL}/api/admin/terminal/standin`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ outcomes }),
  });
  expect(res.status).toBe(200);
}

/**
 * A member card read by the reader: its keystrokes arrive as one burst ending in Enter, as a USB reader types them.
 * (Typed one by one from the test, a loaded machine can leave more than the reader's 50 ms between two keys and split
 * the secret in two, which no reader does.)
 */
export async function swipeCard(page: Page, secret: string) {
  await page.evaluate((keys) => {
    for (const key of [...keys, 'Enter']) document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, secret);
}
