import type { AccountingExport, ExactConnection } from '@kassa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi, type ApiCall } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { ExactPage } from './exact-page';
import { ExactSetupPage } from './exact-setup-page';

afterEach(() => vi.unstubAllGlobals());

const connected: ExactConnection = {
  status: 'connected',
  provider: 'standin',
  division: '1234567',
  divisionName: 'Stand-in administration',
  connectedAt: '2026-11-24T20:00:00Z',
  connectedBy: 'penningmeester',
  attention: null,
};

const failedExport: AccountingExport = {
  id: '64b7f0c2a1b2c3d4e5f60801',
  start: '2026-11-20',
  end: '2026-11-22',
  status: 'failed',
  days: [
    { day: '2026-11-20', result: 'booked', entryId: 'e1', total: 12345, lines: 9 },
    { day: '2026-11-21', result: 'already_booked', entryId: 'e0', total: 500, lines: 4 },
  ],
  error: 'Exact Online refused the access and refreshing it failed: connect again, then retry.',
  attempts: 1,
  requestedBy: 'penningmeester',
  createdAt: '2026-11-23T09:00:00Z',
  finishedAt: '2026-11-23T09:00:05Z',
};

function stub(connection: ExactConnection, onCall: (call: ApiCall) => Response | null = () => null) {
  return stubAdminApi((call) => {
    const own = onCall(call);
    if (own) return own;
    if (call.path === '/api/admin/exact/connection') return json(200, ok(connection));
    if (call.path === '/api/admin/exact/exports' && call.method === 'GET') return json(200, ok({ items: [failedExport], pageCount: 1, total: 1 }));
    return json(404, { error: true, errorCode: 404, errorIdentifier: 'not_found', errorMessage: 'Not found', result: null });
  });
}

describe('/admin/exact', { timeout: 20_000 }, () => {
  it('shows the history with status, what each day came to, the error and a retry for a failed export', async () => {
    const calls = stub(connected, (call) => (call.path.endsWith('/retry') ? json(200, ok({ ...failedExport, status: 'queued', attempts: 2, error: null })) : null));
    renderAdmin(<ExactPage />, '/admin/exact');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('20 november 2026 – 22 november 2026');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('1 booked, 1 booked before, 1 to go');
    expect(rows[1]).toHaveTextContent('connect again, then retry');
    expect(rows[1]).toHaveTextContent('€ 123,45');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Retry the export of 20 november 2026 – 22 november 2026' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/api/admin/exact/exports/${failedExport.id}/retry`)).toBe(true));
  });

  it('asks before booking, and lists the ledgers to map when the export is refused', async () => {
    const calls = stub(connected, (call) =>
      call.method === 'POST' && call.path === '/api/admin/exact/exports'
        ? json(409, {
            error: true,
            errorCode: 409,
            errorIdentifier: 'conflict',
            errorMessage: 'Map these ledgers to an accounting code first: Cash box.',
            result: null,
            detail: [{ loc: ['ledgers', 'cash'], msg: 'Cash box has no accounting code.', type: 'value_error' }],
          })
        : null,
    );
    renderAdmin(<ExactPage />, '/admin/exact');
    await screen.findByText('Stand-in administration');
    await userEvent.clear(screen.getByLabelText('First day'));
    await userEvent.type(screen.getByLabelText('First day'), '2026-11-20');
    await userEvent.clear(screen.getByLabelText('Last day'));
    await userEvent.type(screen.getByLabelText('Last day'), '2026-11-21');
    await userEvent.click(screen.getByRole('button', { name: 'Export to Exact Online' }));
    const dialog = screen.getByRole('dialog', { name: 'Export to Exact Online' });
    expect(dialog).toHaveTextContent('This books 20 november 2026 – 21 november 2026 (2 days) in Stand-in administration');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('map these ledgers to an accounting code first');
    expect(alert).toHaveTextContent('Cash box has no accounting code.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ start: '2026-11-20', end: '2026-11-21' });
  });

  it('cannot export while the connection needs attention, and says so', async () => {
    stub({ ...connected, status: 'needs_attention', attention: 'Refreshing the access failed: The refresh token was refused (invalid_grant). Connect again.' });
    renderAdmin(<ExactPage />, '/admin/exact');
    expect(await screen.findByText('Needs attention')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Refreshing the access failed');
    expect(screen.getByRole('button', { name: 'Export to Exact Online' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});

describe('/admin/exact/oauth/success', { timeout: 20_000 }, () => {
  it('hands the code and state to the service once and shows the connection', async () => {
    const calls = stub(connected, (call) => (call.path === '/api/admin/exact/oauth/callback' ? json(200, ok(connected)) : null));
    renderAdmin(<ExactSetupPage />, '/admin/exact/oauth/success?code=abc&state=xyz');
    expect(await screen.findByText('Connected to Stand-in administration.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/exact/oauth/callback').map((c) => c.body)).toEqual([{ code: 'abc', state: 'xyz' }]);
  });

  it('says nothing changed when access was denied', async () => {
    const calls = stub({ ...connected, status: 'disconnected', divisionName: null, division: null, connectedAt: null, connectedBy: null });
    renderAdmin(<ExactSetupPage />, '/admin/exact/oauth/success?error=access_denied&state=xyz');
    expect(await screen.findByRole('alert')).toHaveTextContent('Exact Online did not grant access (access_denied). Nothing changed');
    expect(calls.some((c) => c.path === '/api/admin/exact/oauth/callback')).toBe(false);
  });
});
