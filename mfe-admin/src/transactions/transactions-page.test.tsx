import type { TransactionView } from '@kassa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransactionsPage, undoText } from './transactions-page';
import { json, ok } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

afterEach(() => vi.unstubAllGlobals());



const JAN = '64b7f0c2a1b2c3d4e5f60a01';
const id = (n: number) => `64b7f0c2a1b2c3d4e5f607${String(n).padStart(2, '0')}`;
const pils = { productId: '64b7f0c2a1b2c3d4e5f60b01', name: 'Pils', price: 250, amount: 2, deposit: 0 };

function sale(n: number, over: Partial<TransactionView> = {}): TransactionView {
  return {
    id: id(n),
    nonce: `nonce-${n}`,
    method: 'cash',
    paymentMethod: 'cash_payment',
    status: 'completed',
    products: [pils],
    returns: [],
    total: 500,
    accountId: null,
    accountName: null,
    upgrade: null,
    reason: null,
    registerId: null,
    userId: '64b7f0c2a1b2c3d4e5f60718',
    username: 'bar',
    terminal: null,
    error: null,
    undone: null,
    createdAt: '2026-11-22T20:05:00Z',
    day: '2026-11-22',
    ...over,
  };
}

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
}

function stubApi(items: TransactionView[], total = items.length) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const call = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams };
      calls.push(call);
      if (call.method === 'DELETE') {
        return json(200, ok({ transaction_id: id(1), undone: { at: '2026-11-22T21:00:00Z', by: 'admin' }, balance_after: 1750, accountName: 'Jan de Vries' }));
      }
      return json(200, ok({ items, pageCount: Math.ceil(total / 15), total }));
    }),
  );
  return calls;
}

function renderPage(entry = '/admin/transactions') {
  return renderAdmin(<TransactionsPage header={<p>dashboard header</p>} />, entry);
}

describe('/admin/transactions', { timeout: 20_000 }, () => {
  it('lists sales newest first with time, method, amount, account, user and status', async () => {
    const calls = stubApi([
      sale(1, { method: 'account', paymentMethod: 'account_payment', accountId: JAN, accountName: 'Jan de Vries', username: 'till' }),
      sale(2, { upgrade: { accountId: JAN, accountName: 'Jan de Vries', amount: 1000 } }),
      sale(3, { method: 'card', paymentMethod: 'card_payment', status: 'expired', terminal: { friendly_name: 'Bar terminal', brand: 'sepay' }, error: 'Payment has expired' }),
    ]);
    renderPage();
    expect(screen.getByText('dashboard header')).toBeInTheDocument();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('22 november 2026');
    expect(rows[1]).toHaveTextContent('Account');
    expect(rows[1]).toHaveTextContent('2× Pils');
    expect(rows[1]).toHaveTextContent(/€\s5,00/);
    expect(rows[1]).toHaveTextContent('Jan de Vries');
    expect(rows[1]).toHaveTextContent('till');
    expect(rows[1]).toHaveTextContent('Completed');
    expect(rows[2]).toHaveTextContent(/€\s15,00/);
    expect(rows[2]).toHaveTextContent(/incl\. top-up €\s10,00/);
    expect(rows[2]).toHaveTextContent('Top-up: Jan de Vries');
    expect(rows[3]).toHaveTextContent('Expired');
    expect(rows[3]).toHaveTextContent('Bar terminal');
    expect(within(rows[3]!).queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(within(rows[1]!).getByRole('link', { name: /^History of the account sale of/ })).toHaveAttribute('href', `/admin/audit_logs?entityId=${rows[1]!.getAttribute('data-id')}`);
    expect(calls[0]?.path).toBe('/api/admin/transactions/');
    expect(calls[0]?.query.get('perPage')).toBe('15');
    expect(calls[0]?.query.get('page')).toBe('1');
  });

  it('filters by method, by day and by an account clicked in the list, and pages by 15', async () => {
    const calls = stubApi([sale(1, { method: 'account', paymentMethod: 'account_payment', accountId: JAN, accountName: 'Jan de Vries' })], 20);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));

    await user.click(within(screen.getByRole('group', { name: 'Method' })).getByRole('button', { name: 'Cash' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('method')).toBe('cash'));
    expect(calls.at(-1)?.query.get('page')).toBe('1');

    await user.type(screen.getByLabelText('Day'), '2026-11-22');
    await waitFor(() => expect(calls.at(-1)?.query.get('day')).toBe('2026-11-22'));

    await user.click(await screen.findByRole('button', { name: 'Jan de Vries' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('account')).toBe(JAN));
    expect(calls.at(-1)?.query.get('method')).toBe('cash');
    // Back to every account: the list asked for just before, which RTK Query still holds.
    await user.click(screen.getByRole('button', { name: 'Show every account, not only Jan de Vries' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Show every account/ })).toBeNull());
  });

  it('lists only late sales on asking, each saying which day it is booked on and why', async () => {
    const calls = stubApi([sale(1, { createdAt: '2026-11-20T21:30:00Z', receivedAt: '2026-11-22T20:05:00Z', madeDay: '2026-11-20' }), sale(2)]);
    const user = userEvent.setup();
    renderPage();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('20 november 2026');
    expect(rows[1]).toHaveTextContent('Late: booked on 22 november 2026, the day it arrived (its own day was closed)');
    expect(rows[2]).not.toHaveTextContent('Late');
    expect(calls.at(-1)?.query.get('late')).toBeNull();
    const late = screen.getByRole('button', { name: 'Late sales' });
    await user.click(late);
    await waitFor(() => expect(calls.at(-1)?.query.get('late')).toBe('true'));
    expect(late).toHaveAttribute('aria-pressed', 'true');
    await user.click(late);
    await waitFor(() => expect(late).toHaveAttribute('aria-pressed', 'false'));
  });

  it('undoes a sale only after a confirmation that says where the money goes', async () => {
    const calls = stubApi([sale(1, { method: 'account', paymentMethod: 'account_payment', accountId: JAN, accountName: 'Jan de Vries' })]);
    const user = userEvent.setup();
    renderPage();
    const undo = await screen.findByRole('button', { name: /^Undo the account sale of €\s5,00/ });
    await user.click(undo);
    const dialog = screen.getByRole('dialog', { name: 'Undo transaction' });
    expect(dialog).toHaveTextContent(/€\s5,00 goes back to the account Jan de Vries\./);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(undo);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/admin/transactions/${id(1)}/`);
    expect(await screen.findByText(/^Transaction undone\. Jan de Vries now has €\s17,50\.$/)).toBeInTheDocument();
  });

  it('shows an undone sale as undone, without an undo button', async () => {
    stubApi([sale(1, { undone: { at: '2026-11-22T21:00:00Z', by: 'admin', note: null } })]);
    renderPage();
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Undone');
    expect(row).toHaveTextContent('by admin');
    expect(within(row).queryByRole('button', { name: /^Undo/ })).toBeNull();
  });

  it('says what to do for cash, card and other sales before undoing them', () => {
    expect(undoText(sale(1))).toMatch(/Give €\s5,00 back from the cash box\./);
    expect(undoText(sale(1, { method: 'card', paymentMethod: 'card_payment' }))).toMatch(/Refund €\s5,00 at the payment terminal first/);
    expect(undoText(sale(1, { method: 'other', paymentMethod: 'other_payment', reason: 'Sponsor' }))).toContain('Nothing is paid back: it was settled as "Sponsor".');
    expect(undoText(sale(1, { upgrade: { accountId: JAN, accountName: 'Jan de Vries', amount: 1000 } }))).toMatch(/The top-up of €\s10,00 is taken back from Jan de Vries/);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(503, { error: true, errorCode: 503, errorIdentifier: 'service_unavailable', errorMessage: 'The checkout service is unavailable.', result: null })));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The checkout service is unavailable.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
