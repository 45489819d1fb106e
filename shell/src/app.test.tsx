import type { RemoteAppProps } from '@kassa/api-client';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteName } from './remotes/remote-types';
import { adminConfig, currentLocation, fail, json, ok, RemoteStub, renderShell, stubApi, stubLoader } from './testing/render-shell';

const api = stubApi;
const location = currentLocation;

beforeEach(() => {
  stubLoader.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shell routing and sign-in', () => {
  it('sends an unauthenticated visitor to /login with the original path and query', async () => {
    api({});
    await renderShell('/admin/accounts?page=2');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(location()).toBe('/login?next=%2Fadmin%2Faccounts%3Fpage%3D2');
  });

  it('logs in with the username and password as typed, stores the token and goes to next', async () => {
    const calls = api({
      'POST /api/login/': () => json(200, ok({ access_token: 'tok-1' })),
      'GET /api/config/': () => json(200, ok(adminConfig())),
    });
    await renderShell('/login?next=%2Fadmin%2Fusers');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' Jan.Jansen ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'mfe_admin at /admin' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/login/')?.body).toEqual({ username: ' Jan.Jansen ', password: 'Secret 1' });
    expect(localStorage.getItem('access_token')).toBe('tok-1');
    expect(location()).toBe('/admin/users');
    expect(calls.find((c) => c.path === '/api/config/')?.auth).toBe('Bearer tok-1');
  });

  it('shows the server message under the form when the login fails', async () => {
    api({ 'POST /api/login/': () => json(401, fail(401, 'invalid_credentials', 'Invalid username or password')) });
    await renderShell('/login');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'jan' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('sends /admin to /admin/transactions and renders the admin remote there', async () => {
    api({ 'GET /api/config/': () => json(200, ok(adminConfig())) });
    await renderShell('/admin', { token: 'tok-1' });
    expect(await screen.findByRole('heading', { name: 'mfe_admin at /admin' })).toBeInTheDocument();
    expect(location()).toBe('/admin/transactions');
  });

  it('drops the query string under /pos', async () => {
    api({ 'GET /api/config/': () => json(200, ok(adminConfig())) });
    await renderShell('/pos?code=abc', { token: 'tok-1' });
    expect(await screen.findByRole('heading', { name: 'mfe_pos at /pos' })).toBeInTheDocument();
    expect(location()).toBe('/pos');
  });

  it('sends a member without account who may pay with their own account to /setup', async () => {
    api({
      'GET /api/config/': () =>
        json(200, ok(adminConfig({ user: { id: 'u2', username: 'new', accountId: null, viaductUserId: 'v', isAdmin: false }, register: { id: null, name: 'Self', capabilities: ['PAYMENT_ACCOUNT_SELF'] }, showAccountRequest: true }))),
    });
    await renderShell('/pos', { token: 'tok-2' });
    expect(await screen.findByRole('heading', { name: 'mfe_account at /setup' })).toBeInTheDocument();
    expect(location()).toBe('/setup');
  });

  it('shows a signed-in user their name on the public about page too', async () => {
    api({ 'GET /api/config/': () => json(200, ok(adminConfig({ user: { id: 'u9', username: 'marit', accountId: 'a9', viaductUserId: '1000', isAdmin: false } }))) });
    await renderShell('/about', { token: 'tok-9' });
    // The test window is narrow: the navigation, with the user's name, is a drawer behind the menu button.
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(await screen.findByText('marit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About Kassa' })).toBeInTheDocument();
    expect(location()).toBe('/about');
  });

  it('keeps non-admins out of /admin', async () => {
    api({ 'GET /api/config/': () => json(200, ok(adminConfig({ user: { id: 'u3', username: 'bar', accountId: null, viaductUserId: null, isAdmin: false } }))) });
    await renderShell('/admin/users', { token: 'tok-3' });
    expect(await screen.findByText('No permission')).toBeInTheDocument();
    expect(stubLoader).not.toHaveBeenCalledWith('mfe_admin', expect.anything());
  });
});

describe('remote loading', () => {
  it('shows which part failed with a Retry that really loads again, while the rest keeps working', async () => {
    api({ 'GET /api/config/': () => json(200, ok(adminConfig())) });
    const loader = vi.fn(async (name: RemoteName, opts: { retry: boolean }) => {
      if (!opts.retry) throw new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest');
      return { default: (props: RemoteAppProps) => <RemoteStub name={name} basePath={props.basePath} /> };
    });
    await renderShell('/pos', { token: 'tok-1', loader });
    expect(await screen.findByText('The till could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { name: 'mfe_pos at /pos' })).toBeInTheDocument();
    expect(loader).toHaveBeenLastCalledWith('mfe_pos', { retry: true });
  });
});

describe('session', () => {
  it('shows "Token expired" and logs out after the dialog when the token is refused', async () => {
    api({ 'GET /api/config/': () => json(401, fail(401, 'invalid_access_token', 'Token expired, please login again.')) });
    await renderShell('/admin/users', { token: 'stale' });
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('API error (401/invalid_access_token): Token expired, please login again.');
    expect(localStorage.getItem('access_token')).toBe('stale');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    await waitFor(() => expect(location()).toBe('/login?next=%2Fadmin%2Fusers'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('alerts "Error getting config" with the error when the configuration cannot be loaded', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    api({ 'GET /api/config/': () => json(500, fail(500, 'internal_error', 'Something broke')) });
    await renderShell('/pos', { token: 'tok-1' });
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error getting config API error (500/internal_error): Something broke'));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('logs out when the terms are refused', async () => {
    api({ 'GET /api/config/': () => json(200, ok(adminConfig({ acceptedCurrentCondition: false }))) });
    await renderShell('/pos', { token: 'tok-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(dialog).toHaveTextContent('not refunded while you are studying');
    expect(stubLoader).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() => expect(location()).toBe('/login?next=%2Fpos'));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('accepts the terms and then opens the app', async () => {
    let accepted = false;
    const calls = api({
      'GET /api/config/': () => json(200, ok(adminConfig({ acceptedCurrentCondition: accepted }))),
      'POST /api/user/condition/': () => {
        accepted = true;
        return json(200, ok(null));
      },
    });
    await renderShell('/pos', { token: 'tok-1' });
    await screen.findByRole('dialog', { name: 'Terms and conditions' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    });
    expect(await screen.findByRole('heading', { name: 'mfe_pos at /pos' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/user/condition/')).toHaveLength(1);
  });

  it('logs out with "Failed to update Accepted Condition" when accepting fails', async () => {
    api({
      'GET /api/config/': () => json(200, ok(adminConfig({ acceptedCurrentCondition: false }))),
      'POST /api/user/condition/': () => json(503, fail(503, 'service_unavailable', 'down')),
    });
    await renderShell('/pos', { token: 'tok-1' });
    await screen.findByRole('dialog', { name: 'Terms and conditions' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    });
    expect(await screen.findByText('Failed to update Accepted Condition')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('logs out from the sidebar and goes to /login', async () => {
    api({ 'GET /api/config/': () => json(200, ok(adminConfig())) });
    await renderShell('/admin/users', { token: 'tok-1' });
    await screen.findByRole('heading', { name: 'mfe_admin at /admin' });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(location()).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
