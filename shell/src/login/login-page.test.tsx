import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConfig, currentLocation, fail, json, ok, renderShell, stubApi, type Call } from '../testing/render-shell';

const LOCKED = 'Too many wrong codes. Try again in 5 minutes (at 14:05).';

/** The accounts service's sign-in for a user with two-factor sign-in on: the code is asked after the password. */
function twoFactorLogin({ lockAfter = Infinity }: { lockAfter?: number } = {}) {
  let wrong = 0;
  return (call: Call) => {
    const body = call.body as { username: string; password: string; tfaCode?: string };
    if (body.password !== 'Secret 1') return json(400, fail(400, 'invalid_credentials', 'Invalid username or password.'));
    if (!body.tfaCode?.trim()) return json(400, fail(400, 'tfa_required', 'Enter the code from your authenticator app.'));
    if (body.tfaCode === '123456') return json(200, ok({ access_token: 'tok-tfa' }));
    wrong += 1;
    if (wrong >= lockAfter) return json(429, fail(429, 'too_many_requests', LOCKED));
    return json(400, fail(400, 'invalid_tfa_code', 'Invalid code.'));
  };
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  });
}

async function logInWithPassword() {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bar' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret 1' } });
  await submit();
}

const loginBodies = (calls: Call[]) => calls.filter((c) => c.path === '/api/login/').map((c) => c.body);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form, two-factor step', () => {
  it('asks for the code after the password, keeps what was typed, and signs in with it', async () => {
    const calls = stubApi({ 'POST /api/login/': twoFactorLogin(), 'GET /api/config/': () => json(200, ok(adminConfig({ tfaEnabled: true }))) });
    await renderShell('/login?next=%2Fadmin%2Fusers');
    expect(screen.queryByLabelText('Two-factor code')).not.toBeInTheDocument();

    await logInWithPassword();
    const code = await screen.findByLabelText('Two-factor code');
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
    expect(code).toHaveFocus();
    // Being asked for the code is the next step, not an error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('bar');
    expect(screen.getByLabelText('Password')).toHaveValue('Secret 1');

    fireEvent.change(code, { target: { value: '123456' } });
    await submit();
    expect(await screen.findByRole('heading', { name: 'mfe_admin at /admin' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/users');
    expect(localStorage.getItem('access_token')).toBe('tok-tfa');
    expect(loginBodies(calls)).toEqual([
      { username: 'bar', password: 'Secret 1' },
      { username: 'bar', password: 'Secret 1', tfaCode: '123456' },
    ]);
  });

  it('says "Invalid code." for a wrong code and keeps the field to try again', async () => {
    stubApi({ 'POST /api/login/': twoFactorLogin(), 'GET /api/config/': () => json(200, ok(adminConfig({ tfaEnabled: true }))) });
    await renderShell('/login');
    await logInWithPassword();
    fireEvent.change(await screen.findByLabelText('Two-factor code'), { target: { value: '999999' } });
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
    const code = screen.getByLabelText('Two-factor code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(currentLocation()).toBe('/login');

    fireEvent.change(code, { target: { value: '123456' } });
    expect(code).not.toHaveAttribute('aria-invalid');
    await submit();
    expect(await screen.findByRole('heading', { name: 'mfe_pos at /pos' })).toBeInTheDocument();
  });

  it('asks again for the code when it is sent empty', async () => {
    stubApi({ 'POST /api/login/': twoFactorLogin() });
    await renderShell('/login');
    await logInWithPassword();
    await screen.findByLabelText('Two-factor code');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code from your authenticator app.');
    expect(screen.getByLabelText('Two-factor code')).toBeInTheDocument();
  });

  it('shows the lock-out message after too many wrong codes, with the field still there', async () => {
    stubApi({ 'POST /api/login/': twoFactorLogin({ lockAfter: 2 }) });
    await renderShell('/login');
    await logInWithPassword();
    const code = await screen.findByLabelText('Two-factor code');
    fireEvent.change(code, { target: { value: '111111' } });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
    fireEvent.change(code, { target: { value: '222222' } });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(LOCKED);
    expect(screen.getByLabelText('Two-factor code')).toBeVisible();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('sends a recovery code as typed in the same field', async () => {
    const calls = stubApi({
      'POST /api/login/': (call) =>
        (call.body as { tfaCode?: string }).tfaCode === 'K7QM3-X9DFA'
          ? json(200, ok({ access_token: 'tok-r' }))
          : json(400, fail(400, 'tfa_required', 'Enter the code from your authenticator app.')),
      'GET /api/config/': () => json(200, ok(adminConfig())),
    });
    await renderShell('/login');
    await logInWithPassword();
    fireEvent.change(await screen.findByLabelText('Two-factor code'), { target: { value: 'K7QM3-X9DFA' } });
    await submit();
    expect(await screen.findByRole('heading', { name: 'mfe_pos at /pos' })).toBeInTheDocument();
    expect(loginBodies(calls).at(-1)).toEqual({ username: 'bar', password: 'Secret 1', tfaCode: 'K7QM3-X9DFA' });
  });
});
