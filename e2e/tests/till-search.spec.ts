import { expect, test } from '@playwright/test';
import { openTill } from './till-helpers';

test('product search puts what was typed first: "cola" gives Cola, Cola zero and Fles cola before anything else', async ({ page }) => {
  await openTill(page, 'till');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('cola');
  const results = page.getByRole('region', { name: 'Results' }).getByRole('button');
  await expect(results.first()).toHaveAccessibleName(/^Cola\s€/);
  const names = (await results.allTextContents()).slice(0, 3).map((t) => t.replace(/€.*$/, '').trim());
  expect(names).toEqual(['Cola', 'Cola zero', 'Fles cola (statiegeld)']);
  // Ranked, not hidden: a typo still finds it through the fuzzy match.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('colaa');
  await expect(results.first()).toHaveAccessibleName(/^Cola/);
});
