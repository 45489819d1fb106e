import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdealPage } from './ideal-page';
import { json, ok } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT = '64b7f0c2a1b2c3d4e5f60801';
const payment = (n: number, over: Record<string, unknown> = {}) => ({
  id: `64b7f0c2a1b2c3d4e5f607${String(n).padStart(2, '0')}`,
  provider: 'standin',
  providerId: `tr_standin_${n}`,
  amount: 1250,
  status: 'open',
  accountId: ACCOUNT,
  accountName: `Lid ${n}`,
  username: `user${n}`,
  createdAt: '2026-11-22T20:05:00Z',
  paidAt: null,
  creditedAt: null,
  error: null,
  ...over,
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
}

function stubApi(items: ReturnType<typeof payment>[], total = items.length) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams });
      if ((init?.method ?? 'GET') === 'GET') return json(200, ok({ items, pageCount: Math.ceil(total / 15), total }));
      const id = url.pathname.split('/')[4];
      return json(200, ok({ outcome: 'credited', payment: payment(1, { id, status: 'paid', paidAt: '2026-11-22T20:06:00Z', creditedAt: '2026-11-22T21:00:00Z' }) }));
    }),
  );
  return calls;
}

describe('/admin/ideal', { timeout: 20_000 }, () => {
  it('lists account, amount in euros, provider id, status, error and Dutch dates, with links to the account and its history', async () => {
    const calls = stubApi([payment(1), payment(2, { status: 'failed', error: 'The bank refused it.', providerId: null })]);
    renderAdmin(<IdealPage />, '/admin/ideal');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Lid 1');
    expect(rows[1]).toHaveTextContent('user1');
    expect(rows[1]).toHaveTextContent('€ 12,50');
    expect(rows[1]).toHaveTextContent('tr_standin_1');
    expect(rows[1]).toHaveTextContent('Open');
    expect(rows[1]).toHaveTextContent('22 november 2026');
    expect(within(rows[1]!).getByRole('link', { name: 'Account history of Lid 1' })).toHaveAttribute('href', `/admin/accounts/${ACCOUNT}`);
    expect(within(rows[1]!).getByRole('link', { name: /^History of the top-up/ })).toHaveAttribute('href', `/admin/audit_logs?entityId=${payment(1).id}`);
    expect(rows[2]).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('The bank refused it.');
    // Only a payment the provider may know more about can be checked again.
    expect(within(rows[1]!).getByRole('button', { name: /^Check again/ })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /^Check again/ })).toBeNull();
    expect(calls[0]?.path).toBe('/api/admin/ideal/');
    expect(calls[0]?.query.get('perPage')).toBe('15');
  });

  it('keeps the status and account filters in the query it sends', async () => {
    const calls = stubApi([payment(1)]);
    const user = userEvent.setup();
    renderAdmin(<IdealPage />, '/admin/ideal?status=paid');
    await screen.findByRole('table');
    expect(calls.at(-1)?.query.get('status')).toBe('paid');
    await user.click(screen.getByRole('button', { name: 'Lid 1' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('account')).toBe(ACCOUNT));
    expect(calls.at(-1)?.query.get('status')).toBe('paid');
    expect(screen.getByRole('button', { name: 'Show every account, not only Lid 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBeNull());
  });

  it('says what "Check again" will do before asking the provider, and what it found after', async () => {
    const calls = stubApi([payment(1)]);
    const user = userEvent.setup();
    renderAdmin(<IdealPage />, '/admin/ideal');
    await user.click(await screen.findByRole('button', { name: /^Check again/ }));
    const dialog = screen.getByRole('dialog', { name: 'Check payment again' });
    expect(dialog).toHaveTextContent('If it was paid, € 12,50 is credited to the account Lid 1, once');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Check again/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Check payment again' })).getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Paid: € 12,50 is credited to Lid 1.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/ideal/${payment(1).id}/check/`]);
  });
});
