import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminConfig, currentLocation, fail, json, ok, renderShell, stubApi, stubLoader, type Call } from '../testing/render-shell';

const SECRET = 'JBSWY3DPEHPK3PXP';
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

// Each test signs in afresh: the page remembers the key it showed per sign-in (token).
let tokens = 0;
const freshToken = () => `tok-${++tokens}`;

const member = { id: 'u7', username: 'bar', accountId: 'a7', viaductUserId: null, isAdmin: false };

/** The accounts service with requireTfa on, for a user who has not enrolled; the right code is 123456. */
function server(over: Record<string, (call: Call) => Response> = {}) {
  let enabled = false;
  return stubApi({
    'GET /api/config/': () => json(200, ok(adminConfig({ user: member, requireTfa: true, tfaEnabled: enabled }))),
    'POST /api/user/tfa/setup': () => json(200, ok({ otpauthUrl: `otpauth://totp/Kassa:bar?secret=${SECRET}`, qrDataUrl: QR, secret: SECRET })),
    'POST /api/user/tfa/enable': (call) => {
      if ((call.body as { code: string }).code !== '123456') return json(400, fail(400, 'invalid_tfa_code', 'Invalid code.'));
      enabled = true;
      return json(200, ok({ tfaEnabled: true, recoveryCodes: CODES }));
    },
    ...over,
  });
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

async function enterCode(code: string) {
  fireEvent.change(await screen.findByLabelText('Code'), { target: { value: code } });
  await click('Turn on');
}

/** The test window is narrow: the sidebar is a drawer behind the menu button. */
async function openMenuLink(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  await act(async () => {
    fireEvent.click(screen.getByRole('link', { name }));
  });
}

beforeEach(() => {
  stubLoader.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('two-factor enrolment (/setup/tfa)', () => {
  it('sends the user there, shows the QR code and key, and after the code shows the recovery codes once', async () => {
    const calls = server();
    await renderShell('/pos', { token: freshToken() });

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(currentLocation()).toBe('/setup/tfa?next=%2Fpos');
    expect(qr).toHaveAttribute('src', QR);
    expect(screen.getByText('Scan this code with your authenticator app')).toBeInTheDocument();
    expect(screen.getByText(/^Or enter this key:/)).toHaveTextContent(`Or enter this key: ${SECRET}`);
    // The till is not drawn behind it, and the account remote never gets /setup/tfa.
    expect(stubLoader).not.toHaveBeenCalled();

    await enterCode('123456');
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByRole('heading', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(
      screen.getByText('Each code signs you in once if you lose your phone. Store them somewhere safe; they are not shown again.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/user/tfa/setup')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/api/user/tfa/enable')?.body).toEqual({ code: '123456' });
  });

  it('Done reloads the configuration and continues to where the user was going', async () => {
    const calls = server();
    await renderShell('/account', { token: freshToken() });
    await enterCode('123456');
    await screen.findByRole('heading', { name: 'Recovery codes' });
    const configLoads = calls.filter((c) => c.path === '/api/config/').length;

    await click('Done');
    expect(await screen.findByRole('heading', { name: 'mfe_account at /account' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/account');
    expect(calls.filter((c) => c.path === '/api/config/').length).toBeGreaterThan(configLoads);
  });

  it('says "Invalid code." for a wrong code and stays on the same key', async () => {
    const calls = server();
    await renderShell('/pos', { token: freshToken() });
    await enterCode('000000');
    const field = screen.getByLabelText('Code');
    expect(field).toHaveAccessibleDescription('Invalid code.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Or enter this key:/)).toHaveTextContent(SECRET);

    await enterCode('123456');
    expect(await screen.findByRole('heading', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/user/tfa/setup')).toHaveLength(1);
  });

  it('asks for the code before calling the server when the field is empty', async () => {
    const calls = server();
    await renderShell('/pos', { token: freshToken() });
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await click('Turn on');
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Enter the code from your authenticator app.');
    expect(calls.filter((c) => c.path === '/api/user/tfa/enable')).toHaveLength(0);
  });

  it('cannot be skipped, but /about stays open', async () => {
    server();
    await renderShell('/admin/users?page=2', { token: freshToken() });
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(currentLocation()).toBe('/setup/tfa?next=%2Fadmin%2Fusers%3Fpage%3D2');

    await openMenuLink('About');
    expect(await screen.findByRole('heading', { name: 'About Kassa' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/about');

    await openMenuLink('Shop');
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/setup/tfa?next=%2Fpos');
  });

  it('shows the same key again after a trip to /about, so a scanned code keeps working', async () => {
    const calls = server();
    await renderShell('/pos', { token: freshToken() });
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await openMenuLink('About');
    await screen.findByRole('heading', { name: 'About Kassa' });
    await openMenuLink('Shop');
    expect(await screen.findByText(/^Or enter this key:/)).toHaveTextContent(SECRET);
    expect(calls.filter((c) => c.path === '/api/user/tfa/setup')).toHaveLength(1);
    await enterCode('123456');
    expect(await screen.findByRole('heading', { name: 'Recovery codes' })).toBeInTheDocument();
  });

  it('starts over with a new key when the server dropped the one shown', async () => {
    let keys = 0;
    server({
      'POST /api/user/tfa/setup': () => {
        keys += 1;
        return json(200, ok({ otpauthUrl: 'otpauth://totp/x', qrDataUrl: QR, secret: `KEY${keys}AAAAAAAAAAAA` }));
      },
      'POST /api/user/tfa/enable': () => json(409, fail(409, 'conflict', 'Start the two-factor set-up first.')),
    });
    await renderShell('/pos', { token: freshToken() });
    expect(await screen.findByText(/^Or enter this key:/)).toHaveTextContent('KEY1AAAAAAAAAAAA');
    await enterCode('123456');
    expect(await screen.findByText(/^Or enter this key:/)).toHaveTextContent('KEY2AAAAAAAAAAAA');
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('The key was replaced. Scan the new code and enter the code it shows.');
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });

  it('moves on when two-factor sign-in turns out to be on already', async () => {
    let enabled = false;
    server({
      'GET /api/config/': () => json(200, ok(adminConfig({ user: member, requireTfa: true, tfaEnabled: enabled }))),
      'POST /api/user/tfa/setup': () => {
        enabled = true;
        return json(409, fail(409, 'conflict', 'Two-factor sign-in is already on. Turn it off first to set up another device.'));
      },
    });
    await renderShell('/pos', { token: freshToken() });
    expect(await screen.findByRole('heading', { name: 'mfe_pos at /pos' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/pos');
  });

  it('shows a failed start with a Retry that asks again', async () => {
    let fails = true;
    server({
      'POST /api/user/tfa/setup': () => {
        if (fails) return json(503, fail(503, 'service_unavailable', 'Accounts is not answering.'));
        return json(200, ok({ otpauthUrl: 'otpauth://totp/x', qrDataUrl: QR, secret: SECRET }));
      },
    });
    await renderShell('/pos', { token: freshToken() });
    expect(await screen.findByRole('alert')).toHaveTextContent('API error (503/service_unavailable): Accounts is not answering.');
    fails = false;
    await click('Retry');
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
  });
});

describe('/setup next to the enrolment screen', () => {
  it('still opens the account request for a new member when two-factor sign-in is not required', async () => {
    stubApi({
      'GET /api/config/': () =>
        json(
          200,
          ok(
            adminConfig({
              user: { id: 'u2', username: 'new', accountId: null, viaductUserId: 'v', isAdmin: false },
              register: { id: null, name: 'Members', capabilities: ['PAYMENT_ACCOUNT_SELF'] },
              showAccountRequest: true,
              tfaEnabled: false,
            }),
          ),
        ),
    });
    await renderShell('/setup', { token: 'tok-2' });
    expect(await screen.findByRole('heading', { name: 'mfe_account at /setup' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/setup');
  });
});
