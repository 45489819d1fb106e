import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountRequestsPage } from './account-requests-page';
import { json, ok } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

afterEach(() => vi.unstubAllGlobals());



const request = (n: number, over: Record<string, unknown> = {}) => ({
  id: `64b7f0c2a1b2c3d4e5f607${String(n).padStart(2, '0')}`,
  userId: '64b7f0c2a1b2c3d4e5f60718',
  username: `user${n}`,
  name: `Lid ${n}`,
  creditAccount: n % 2 === 1,
  iban: n % 2 === 1 ? 'NL91ABNA0417164300' : null,
  bic: n % 2 === 1 ? 'ABNANL2A' : null,
  status: 'pending',
  note: null,
  createdAt: '2026-11-22T20:05:00Z',
  decidedAt: null,
  decidedBy: null,
  accountId: null,
  ...over,
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

function stubApi(total = 2) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const call = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      if (call.method === 'GET') {
        const page = Number(url.searchParams.get('page'));
        const items = Array.from({ length: Math.min(15, total - (page - 1) * 15) }, (_, i) => request((page - 1) * 15 + i + 1));
        return json(200, ok({ items, pageCount: Math.ceil(total / 15), total }));
      }
      const id = url.pathname.split('/')[4];
      return json(200, ok(request(1, { id, ...(call.body as object) })));
    }),
  );
  return calls;
}

function renderPage() {
  return renderAdmin(<AccountRequestsPage />, '/admin/account_requests');
}

// Typing in jsdom is slow on a busy machine: a bound for the whole form flow, not a speed requirement.
describe('/admin/account_requests', { timeout: 20_000 }, () => {
  it('lists pending requests first with name, username, type, IBAN, date and status', async () => {
    const calls = stubApi();
    renderPage();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Lid 1');
    expect(rows[1]).toHaveTextContent('user1');
    expect(rows[1]).toHaveTextContent('SEPA');
    expect(rows[1]).toHaveTextContent('NL91 ABNA 0417 1643 00');
    expect(rows[1]).toHaveTextContent('22 november 2026');
    expect(rows[2]).toHaveTextContent('Prepaid');
    expect(within(rows[1]!).getByRole('link', { name: 'History of the request of Lid 1' })).toHaveAttribute('href', `/admin/audit_logs?entityId=${request(1).id}`);
    expect(calls[0]?.query.get('status')).toBe('pending');
    expect(calls[0]?.query.get('perPage')).toBe('15');
  });

  it('filters by status and pages by 15', async () => {
    const calls = stubApi(20);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    // The pager moves at once; the rows of page 2 follow when their answer arrives.
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBeNull());
    expect(calls.at(-1)?.query.get('page')).toBe('1');
  });

  it('approves only after a confirmation that says what will happen', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve Lid 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve account request' });
    expect(dialog).toHaveTextContent('This creates a credit account "Lid 1" with a monthly direct debit from NL91 ABNA 0417 1643 00, links it to user user1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve Lid 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/admin/account_requests/64b7f0c2a1b2c3d4e5f60701/status', body: { status: 'approved' } });
    expect(await screen.findByText('Approved: Lid 1 (user1) now has an account.')).toBeInTheDocument();
  });

  it('rejects with the note typed into the prompt; cancelling the prompt rejects nothing', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject Lid 2' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Reject account request' })).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reject Lid 2' }));
    await user.type(screen.getByLabelText('Note for the member'), 'Not a member yet.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/admin/account_requests/64b7f0c2a1b2c3d4e5f60702/status',
      body: { status: 'rejected', note: 'Not a member yet.' },
    });
  });
});
