import type { Debtor } from '@kassa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { DebtorsPage } from './debtors-page';

afterEach(() => vi.unstubAllGlobals());

const debtor = (n: number, over: Partial<Debtor> = {}): Debtor => ({
  accountId: `64b7f0c2a1b2c3d4e5f608${String(n).padStart(2, '0')}`,
  name: `Lid ${n}`,
  type: 'member',
  kind: 'credit',
  owed: 700 * n,
  since: '2026-11-20T21:15:00Z',
  lastPayment: { at: '2026-10-02T10:00:00Z', amount: 1500, kind: 'topup' },
  debitFailed: null,
  reminders: 0,
  blockedFrom: null,
  blocked: false,
  ...over,
});

describe('/admin/debtors', { timeout: 20_000 }, () => {
  it('lists who owes what, since when, the last payment and a reversed debit, with the total owed', async () => {
    const items = [
      debtor(2, { kind: 'tab', lastPayment: null }),
      debtor(1, { debitFailed: { at: '2026-11-05T09:00:00Z', amount: 2500 }, reminders: 2, blockedFrom: '2026-12-05', blocked: false }),
      debtor(3, { debitFailed: { at: '2026-10-01T09:00:00Z', amount: 900 }, reminders: 2, blockedFrom: '2026-11-01', blocked: true }),
    ];
    stubAdminApi(() => json(200, ok({ items, pageCount: 1, total: 2, owed: 2100 })));
    renderAdmin(<DebtorsPage />, '/admin/debtors');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Lid 2');
    expect(rows[1]).toHaveTextContent('€ -14,00');
    expect(rows[1]).toHaveTextContent('Tab');
    expect(rows[1]).toHaveTextContent('20 november 2026');
    expect(rows[1]).toHaveTextContent('never');
    expect(rows[2]).toHaveTextContent('2 oktober 2026 € 15,00');
    expect(rows[2]).toHaveTextContent('5 november 2026 € 25,00');
    expect(within(rows[2]!).getAllByRole('cell').at(-2)).toHaveTextContent(/^2$/);
    expect(within(rows[2]!).getAllByRole('cell').at(-1)).toHaveTextContent('from 5 december 2026');
    expect(within(rows[3]!).getByText('Blocked')).toHaveClass('k-tag--negative');
    expect(within(rows[2]!).getByRole('link', { name: 'Lid 1' })).toHaveAttribute('href', `/admin/accounts/${items[1]!.accountId}`);
    expect(screen.getByText('2 in total')).toBeInTheDocument();
    expect(screen.getByText(/owing/)).toHaveTextContent('owing € 21,00 together');
  });

  it('asks the server for the picked kind and reversed debits, in the URL, from page 1', async () => {
    const calls = stubAdminApi(() => json(200, ok({ items: [debtor(1)], pageCount: 1, total: 1, owed: 700 })));
    const user = userEvent.setup();
    renderAdmin(<DebtorsPage />, '/admin/debtors?page=1');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Tabs' }));
    await user.click(screen.getByRole('button', { name: 'Debit reversed' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('failed')).toBe('true'));
    await user.click(screen.getByRole('button', { name: 'Blocked' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('blocked')).toBe('true'));
    const last = calls.at(-1)!;
    expect(last.path).toBe('/api/admin/debtors/');
    expect(last.query.get('kind')).toBe('tab');
    expect(last.query.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Tabs' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('downloads the filter as CSV with the session, and says what the server refused', async () => {
    const calls = stubAdminApi((call) =>
      call.path.endsWith('/csv') ? json(503, { error: true, errorCode: 503, errorIdentifier: 'service_unavailable', errorMessage: 'The accounts service is unavailable.', result: null }) : json(200, ok({ items: [], pageCount: 0, total: 0, owed: 0 })),
    );
    const user = userEvent.setup();
    renderAdmin(<DebtorsPage />, '/admin/debtors?kind=credit');
    expect(await screen.findByText('No account below zero matches these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The accounts service is unavailable.');
    const csv = calls.find((c) => c.path === '/api/admin/debtors/csv')!;
    expect(csv.query.get('kind')).toBe('credit');
    expect(csv.query.get('failed')).toBeNull();
  });
});
