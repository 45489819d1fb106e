import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { moneyPattern } from './till-helpers';

/**
 * /admin/accounts on the real system: the board makes an account, tops it up, corrects it below zero only with a
 * reason and a second confirmation, and closes it, paying out the money left on it first (it was used today). The spec makes
 * its own account and closes it, so no other spec's accounts change.
 */
const unique = () => Date.now().toString(36).slice(-5);

test('an account made by admin: top-up, a correction below zero asks twice, money left is paid out before it closes', async ({ page, baseURL }) => {
  const name = `Proef Rekening ${unique()}`;
  await signIn(page, 'admin');
  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: 'New account' }).click();
  const form = page.getByRole('dialog', { name: 'New account' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('IBAN (optional)').fill('NL91ABNA0417164301');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Invalid IBAN.')).toBeVisible();
  await form.getByLabel('IBAN (optional)').fill('');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // A top-up by the board: method, reason and who show in the history.
  await page.getByRole('button', { name: 'Top up or correct' }).click();
  let money = page.getByRole('dialog', { name: `Money on or off ${name}` });
  await money.getByLabel('Amount (€)').fill('0');
  await money.getByRole('button', { name: 'Book top-up' }).click();
  await expect(money.getByText('Please enter a non-zero amount.')).toBeVisible();
  await money.getByLabel('Amount (€)').fill('10');
  await money.getByLabel('Reason (optional)').fill('Contant aan de bar');
  await money.getByRole('button', { name: 'Book top-up' }).click();
  await expect(page.getByRole('status')).toContainText(new RegExp(`Balance now ${moneyPattern(1000)}`));
  const history = page.getByRole('region', { name: 'Postings' });
  await expect(history.getByRole('row').nth(1)).toContainText('Top-up by the board (cash)');
  await expect(history.getByRole('row').nth(1)).toContainText('Contant aan de bar · by admin');

  // A correction to below zero: a reason first, then a second confirmation.
  await page.getByRole('button', { name: 'Top up or correct' }).click();
  money = page.getByRole('dialog', { name: `Money on or off ${name}` });
  await money.getByLabel('Method').selectOption({ label: 'Correction' });
  await money.getByLabel('Amount (€)').fill('-12,50');
  await money.getByRole('button', { name: 'Book correction' }).click();
  await expect(money.getByText('Say why: a correction needs a reason.')).toBeVisible();
  await money.getByLabel('Reason').fill('Dubbel geteld');
  await money.getByRole('button', { name: 'Book correction' }).click();
  const confirm = page.getByRole('dialog', { name: 'Below zero' });
  await expect(confirm).toContainText(new RegExp(`to ${moneyPattern(-250)}, below zero on a prepaid account`));
  await confirm.getByRole('button', { name: 'Book it anyway' }).click();
  await expect(page.getByRole('status')).toContainText(new RegExp(`Balance now ${moneyPattern(-250)}`));

  // Back above zero, then closed: the € 4,00 of an account used today is the member's, paid out before it closes.
  await page.getByRole('button', { name: 'Top up or correct' }).click();
  money = page.getByRole('dialog', { name: `Money on or off ${name}` });
  await money.getByLabel('Amount (€)').fill('6,50');
  await money.getByRole('button', { name: 'Book top-up' }).click();
  await expect(page.getByRole('status')).toContainText(new RegExp(`Balance now ${moneyPattern(400)}`));
  await page.getByRole('button', { name: 'Close account' }).click();
  let closing = page.getByRole('dialog', { name: `Close ${name}` });
  await expect(closing).toContainText('was used within the year: the money is the member’s');
  await closing.getByRole('button', { name: new RegExp(`Pay out or move ${moneyPattern(400)} first`) }).click();
  money = page.getByRole('dialog', { name: `Money on or off ${name}` });
  await money.getByLabel('Method').selectOption({ label: 'Correction' });
  await money.getByLabel('Amount (€)').fill('-4');
  await money.getByLabel('Reason').fill('Uitbetaald aan de bar');
  await money.getByRole('button', { name: 'Book correction' }).click();
  await expect(page.getByRole('status')).toContainText(new RegExp(`Balance now ${moneyPattern(0)}`));
  await expect(page.getByRole('heading', { name: /^Balance/ })).toContainText(new RegExp(moneyPattern(0)));
  await page.getByRole('button', { name: 'Close account' }).click();
  closing = page.getByRole('dialog', { name: `Close ${name}` });
  await expect(closing).toContainText('There is no money on it.');
  await closing.getByRole('button', { name: 'Close account' }).click();
  await expect(page.getByRole('status')).toContainText(`${name} is closed.`);
  await expect(history.getByRole('row').nth(1)).toContainText('Uitbetaald aan de bar');
  await expect(page.getByRole('button', { name: 'Top up or correct' })).toBeDisabled();

  // Every change is in the audit log, reached from the account's History link.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'account.close' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'account.correction' })).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: 'account.upgrade' })).toHaveCount(2);

  // Closed accounts leave the list and the till's account picker.
  const admin = await apiToken(baseURL!, 'admin');
  const list = await (await fetch(`${baseURL}/api/accounts/`, { headers: { authorization: `Bearer ${admin}` } })).json();
  expect((list as { result: { accounts: { name: string }[] } }).result.accounts.map((a) => a.name)).not.toContain(name);
  await page.goto(`/admin/accounts?search=${encodeURIComponent(name)}`);
  await expect(page.getByText('No accounts match.')).toBeVisible();
  // The filters live in the URL: the box shows checked once the list has moved there.
  await page.getByLabel('Closed accounts').click();
  await expect(page).toHaveURL(/closed=true/);
  await expect(page.getByLabel('Closed accounts')).toBeChecked();
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test('the balance at a date and the ledgers', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/accounts?view=balance');
  const balance = page.getByRole('region', { name: 'Balance at the end of a day' });
  await expect(balance.getByText('Held for members')).toBeVisible();
  await expect(balance.getByText('Owed by credit accounts')).toBeVisible();
  await balance.getByLabel('Date').fill('2000-01-01');
  await balance.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/date=2000-01-01/);
  await expect(balance.getByText('on 0 accounts')).toBeVisible();

  await page.getByRole('button', { name: 'Ledgers' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Cash box' });
  await expect(row).toContainText('Sales paid in cash');
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d[\d.]*$/);
});
