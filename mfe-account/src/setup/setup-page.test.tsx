import { api } from '@kassa/api-client';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, memberConfig, ok, renderRemote, stubApi } from '../testing/render-remote';
import { SetupPage } from './setup-page';

afterEach(() => vi.unstubAllGlobals());

const newcomer = memberConfig({
  user: { id: '64b7f0c2a1b2c3d4e5f60718', username: 'newbie', accountId: null, viaductUserId: null, isAdmin: false },
  showAccountRequest: true,
});
const request = (over: Record<string, unknown>) => ({
  id: '64b7f0c2a1b2c3d4e5f60720',
  userId: '64b7f0c2a1b2c3d4e5f60718',
  username: 'newbie',
  name: 'Nina Nieuw',
  creditAccount: true,
  iban: 'NL91ABNA0417164300',
  bic: 'ABNANL2A',
  status: 'pending',
  note: null,
  createdAt: '2026-11-22T20:05:00Z',
  decidedAt: null,
  decidedBy: null,
  accountId: null,
  ...over,
});

describe('/setup', () => {
  it('offers the request form with the terms summary to a member without a request', async () => {
    stubApi({ 'GET /api/account_request/pending': () => json(200, ok(null)) });
    renderRemote(<SetupPage />, { config: newcomer, path: '/setup' });
    expect(await screen.findByRole('form', { name: 'Account request' })).toBeInTheDocument();
    expect(screen.getByText(/An account that is not used for more than 1 year may be closed/)).toBeInTheDocument();
    expect(screen.getByText(/Changes to these terms are announced 14 days ahead/)).toBeInTheDocument();
  });

  it('follows a pending request: kind, IBAN and the date it was made', async () => {
    stubApi({ 'GET /api/account_request/pending': () => json(200, ok(request({}))) });
    renderRemote(<SetupPage />, { config: newcomer, path: '/setup' });
    expect(await screen.findByText('Your request is waiting for approval')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Credit (direct debit)')).toBeInTheDocument();
    expect(screen.getByText('NL91 ABNA 0417 1643 00')).toBeInTheDocument();
    expect(screen.getByText(/22 november 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows a rejection with the board's note and lets the member ask again", async () => {
    stubApi({ 'GET /api/account_request/pending': () => json(200, ok(request({ status: 'rejected', note: 'Sign up as a member first.', decidedAt: '2026-11-23T10:00:00Z' }))) });
    renderRemote(<SetupPage />, { config: newcomer, path: '/setup' });
    expect(await screen.findByText('Your request was not approved')).toBeInTheDocument();
    expect(screen.getByText('Sign up as a member first.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Account request' })).toBeInTheDocument();
  });

  it('once approved, reloads the configuration so the new account appears, and links to it', async () => {
    const calls = stubApi({
      'GET /api/account_request/pending': () => json(200, ok(request({ status: 'approved', accountId: '64b7f0c2a1b2c3d4e5f60720' }))),
    });
    const { store } = renderRemote(<SetupPage />, { config: newcomer, path: '/setup' });
    const spy = vi.spyOn(store, 'dispatch');
    expect(await screen.findByText('Your account has been approved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
    expect(calls.some((c) => c.path === '/api/account_request/pending')).toBe(true);
    await waitFor(() => expect(spy.mock.calls.some(([a]) => JSON.stringify(a) === JSON.stringify(api.util.invalidateTags(['Config'])))).toBe(true));
  });
});
