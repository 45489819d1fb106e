import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addProducts, balanceOf, moneyPattern, openTill, ownAccount, ownRegister, payButton, pickAccount, successSnackbar } from './till-helpers';

// A touch tablet: every control is tapped.
test.use({ hasTouch: true });

const SHOTS = 'test-results/shots';

test("the till's recent sales: undo the one before last after a question naming its amount; only its money goes back", async ({ page, baseURL }) => {
  const first = await ownAccount(baseURL!, 'Recent Eerste', 5_000);
  const second = await ownAccount(baseURL!, 'Recent Tweede', 5_000);
  // A bar-mode register of this spec's own: its recent sales are this spec's alone.
  const bar = await ownRegister(baseURL!, 'Bar');
  await openTill(page, bar.username, bar.password);

  // Two sales on account, one after the other: Pils (€ 2,50) for the first, Speciaal for the second.
  for (const [account, product] of [
    [first, 'Pils'],
    [second, 'Cola'],
  ] as const) {
    await addProducts(page, product);
    await payButton(page, 'Account').tap();
    const picker = page.getByRole('dialog', { name: 'Select account' });
    await expect(page.locator('body[data-ghost-guard]')).toHaveCount(0);
    await pickAccount(picker, account.name);
    await expect(picker).toHaveCount(0);
    await expect(page.getByText('Tap a product to add it.')).toBeVisible();
  }
  await expect(successSnackbar(page, 200)).toBeVisible();
  const afterSales = { first: await balanceOf(baseURL!, first.name), second: await balanceOf(baseURL!, second.name) };
  expect(afterSales).toEqual({ first: 5_000 - 250, second: 5_000 - 200 });

  await page.getByRole('button', { name: 'Recent sales' }).tap();
  const list = page.getByRole('dialog', { name: 'Recent sales' });
  const rows = list.getByTestId('recent-sale');
  const firstRow = rows.filter({ hasText: first.name });
  const secondRow = rows.filter({ hasText: second.name });
  await expect(firstRow).toContainText(new RegExp(`${moneyPattern(250)}.*Account · ${first.name}.*Pils`));
  await expect(secondRow).toContainText(new RegExp(`${moneyPattern(200)}.*Account · ${second.name}.*Cola`));
  // Newest first: the second sale is above the first.
  await expect(rows.first()).toContainText(second.name);

  await expect(page.locator('body[data-ghost-guard]')).toHaveCount(0);
  await firstRow.getByRole('button', { name: 'Undo sale' }).tap();
  const question = page.getByRole('dialog', { name: new RegExp(`^Undo sale of ${moneyPattern(250)} \\(Account\\)\\?$`) });
  await expect(question).toContainText(`goes back to ${first.name}`);
  await question.getByRole('button', { name: 'Undo sale' }).tap();
  await expect(question).toHaveCount(0);
  await expect(firstRow).toContainText('Undone');
  await expect(firstRow.getByRole('button', { name: 'Undo sale' })).toHaveCount(0);
  await expect(secondRow.getByRole('button', { name: 'Undo sale' })).toBeVisible();

  // On the server: the first sale's money went back, the second's did not.
  expect(await balanceOf(baseURL!, first.name)).toBe(5_000);
  expect(await balanceOf(baseURL!, second.name)).toBe(5_000 - 200);

  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/till-recent-1280x800.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list).toBeVisible();
  await expect(secondRow.getByRole('button', { name: 'Undo sale' })).toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/till-recent-390x844.png` });

  await list.getByRole('button', { name: 'Close' }).tap();
  await expect(list).toHaveCount(0);
});
