import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { memberWithPin, onMembersRegister } from './till-helpers';

/**
 * /admin/settings on the real system: a minimum top-up the member's page and the server both hold to, and new terms
 * every user accepts again. The minimum is shared with other specs: afterAll puts it back. The member is the spec's
 * own (on the Members register, as members are), so the demo member's state is never part of it.
 */
async function ownMember(baseURL: string) {
  const member = await memberWithPin(baseURL, 'Instellingen Lid', 0);
  await onMembersRegister(baseURL, member.username);
  return member;
}

async function putSettings(baseURL: string, body: Record<string, unknown>) {
  const token = await apiToken(baseURL, 'admin');
  const res = await fetch(`${baseURL}/api/admin/settings/`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

async function openSettings(page: Page) {
  await signIn(page, 'admin');
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
}

test.afterAll(async ({ baseURL }) => {
  await putSettings(baseURL!, { accountUpgradeMinAmount: 500 });
});

test('a minimum top-up of € 7,50 set on /admin/settings holds on the member page and on the server', async ({ page, browser, baseURL }) => {
  await openSettings(page);
  const min = page.getByLabel('Minimum online top-up (€)');
  await min.fill('7,5x');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please enter a valid number.')).toBeVisible();
  await min.fill('7,50');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Settings saved.');

  // The server refuses less, whatever the page does.
  const own = await ownMember(baseURL!);
  const member = await apiToken(baseURL!, own.username, own.password);
  const res = await fetch(`${baseURL}/api/account/upgrade`, { method: 'POST', headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json' }, body: JSON.stringify({ amount: 500 }) });
  expect(res.status).toBe(422);
  expect(((await res.json()) as { errorMessage: string }).errorMessage).toMatch(/^The minimum top-up is €\s7,50\.$/);

  const memberPage = await (await browser.newContext()).newPage();
  await signIn(memberPage, own.username, own.password);
  await memberPage.goto('/account');
  const amount = memberPage.getByLabel('Amount in euros');
  await amount.fill('5,00');
  await memberPage.getByRole('button', { name: 'Top up with iDEAL' }).click();
  await expect(memberPage.getByText('The minimum top-up is € 7,50.')).toBeVisible();
  await memberPage.context().close();
});

test('publishing new terms shows member the terms dialog on the next load', async ({ page, browser, baseURL }) => {
  const own = await ownMember(baseURL!);
  const memberPage = await (await browser.newContext()).newPage();
  await signIn(memberPage, own.username, own.password);
  await memberPage.goto('/account');
  await expect(memberPage.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(memberPage.getByRole('dialog', { name: 'Terms and conditions' })).toHaveCount(0);

  await openSettings(page);
  const version = Number((await page.getByText(/Terms version \d+ is in force/).textContent())!.match(/\d+/)![0]);
  await page.getByRole('button', { name: 'Publish new terms' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish new terms' });
  await expect(confirm).toContainText(`This makes terms version ${version + 1} current.`);
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toContainText(`Terms version ${version + 1} published`);
  // The admin's own next load asks too.
  await page.reload();
  const adminTerms = page.getByRole('dialog', { name: 'Terms and conditions' });
  await adminTerms.getByRole('button', { name: 'Accept' }).click();

  await memberPage.reload();
  const terms = memberPage.getByRole('dialog', { name: 'Terms and conditions' });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(terms).toHaveCount(0);
  await expect(memberPage.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await memberPage.context().close();
});
