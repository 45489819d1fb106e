import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the real login form, as a person would. When the signed-in configuration says the user has not
 * accepted the current terms (a first sign-in, or after an admin published new ones), accepts them as the user would.
 */
export async function signIn(page: Page, username: string, password = username, next?: string) {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  const config = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/config/' && r.status() === 200 && Boolean(r.request().headers().authorization));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const { result } = (await (await config).json()) as { result: { acceptedCurrentCondition: boolean } };
  if (!result.acceptedCurrentCondition) {
    const dialog = page.getByRole('dialog', { name: 'Terms and conditions' });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toHaveCount(0);
  }
}

/**
 * Accepts the terms dialog when the user is asked (a user who has not accepted the current terms yet); a user who
 * accepted them in an earlier test is not asked again.
 */
export async function acceptTerms(page: Page) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Accept' }) });
  try {
    await dialog.getByRole('button', { name: 'Accept' }).waitFor({ timeout: 5000 });
  } catch {
    return;
  }
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toHaveCount(0);
}

export const token = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

/** An API token for the demo user, for test set-up done through the public API. */
export async function apiToken(baseURL: string, username: string, password = username): Promise<string> {
  const res = await fetch(`${baseURL}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { result: { access_token: string } };
  return body.result.access_token;
}

/** A Viaduct identity nobody has used in this run's fresh database, and the username Kassa derives from its name. */
export function newViaductUser(label: string) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { name: `${label} ${n}`, viaductId: `e2e-${n}`, username: `${label.toLowerCase()}.${n}` };
}

/** "Log in with Viaduct" on the login page, then the stand-in provider's page; resolves with the callback's URL. */
export async function throughViaduct(page: Page, pick: (provider: Page) => Promise<void>): Promise<URL> {
  await page.getByRole('button', { name: 'Log in with Viaduct' }).click();
  await expect(page).toHaveURL(/\/api\/sso\/standin\/authorize\?/);
  await expect(page.getByRole('heading', { name: 'Viaduct sign-in' })).toBeVisible();
  const callback = page.waitForRequest((req) => req.isNavigationRequest() && new URL(req.url()).pathname === '/login/callback');
  await pick(page);
  return new URL((await callback).url());
}

export const enterNewUser = (user: { name: string; viaductId: string }) => async (provider: Page) => {
  await provider.getByLabel('Name').fill(user.name);
  await provider.getByLabel('Viaduct id').fill(user.viaductId);
  await provider.getByRole('button', { name: 'Log in', exact: true }).click();
};

/**
 * Resizes the page and waits until the shell has laid itself out for the new width: the rail beside the content from
 * 1024 px, the drawer with a menu button below (the shell switches when the media query tells React, a moment after
 * the resize; a measurement before that sees the old layout). Not for the till, which always has the drawer.
 */
export async function resizeShell(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.locator(size.width >= 1024 ? '.shell--rail' : '.shell--drawer').waitFor();
}

/**
 * A second administrator of the spec's own (with an account of its own, and the terms accepted), made through the API:
 * where money leaves or is written off, one admin prepares and another approves (four eyes, issue 50 §5).
 */
export async function secondAdmin(baseURL: string): Promise<{ username: string; password: string; token: string }> {
  const admin = await apiToken(baseURL, 'admin');
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return ((await res.json().catch(() => ({}))) as { result?: { id?: string } }).result;
  };
  const account = await call('POST', '/api/admin/accounts/', admin, { name: `Tweede Beheerder ${tag}` });
  const username = `tweede-${tag}`;
  const password = 'tweede-password';
  await call('POST', '/api/admin/users/', admin, { username, password, isAdmin: true, accountId: account?.id });
  const token = await apiToken(baseURL, username, password);
  await call('POST', '/api/user/condition/', token);
  return { username, password, token };
}
