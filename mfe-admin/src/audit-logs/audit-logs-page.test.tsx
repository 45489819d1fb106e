import type { AuditLogEntry } from '@kassa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditLogsPage, changeLines } from './audit-logs-page';
import { json, ok } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

afterEach(() => vi.unstubAllGlobals());



const entry = (n: number, over: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: `64b7f0c2a1b2c3d4e5f607${String(n).padStart(2, '0')}`,
  at: '2026-11-22T20:05:00Z',
  actor: { id: '64b7f0c2a1b2c3d4e5f60718', username: 'penningmeester' },
  action: 'transaction.undo',
  entity: 'transaction',
  entityId: '64b7f0c2a1b2c3d4e5f60799',
  entityName: 'Jan de Vries',
  before: { status: 'completed', total: 350, undone: null },
  after: { undone: { at: '2026-11-22T20:06:00Z', by: 'penningmeester' }, balance_after: 1250 },
  service: 'checkout',
  ...over,
});

const difference = entry(2, {
  actor: { id: null, username: 'ledger-audit' },
  action: 'ledger_audit.difference',
  entity: 'account',
  entityId: '64b7f0c2a1b2c3d4e5f60a01',
  before: null,
  after: { kind: 'balance_cache', accountName: 'Jan de Vries', message: "The account's cached balance is € 27.50, but the ledger says € 25.00.", expected: 2500, actual: 2750 },
  service: 'accounts',
});

function stubApi(items: AuditLogEntry[], total = items.length) {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      calls.push(url.searchParams);
      return json(200, ok({ items, pageCount: Math.ceil(total / 15), total }));
    }),
  );
  return calls;
}

function renderPage(entryPath = '/admin/audit_logs') {
  return renderAdmin(<AuditLogsPage />, entryPath);
}

describe('/admin/audit_logs', { timeout: 20_000 }, () => {
  it('lists entries with time, who, action, target and what changed', async () => {
    const calls = stubApi([entry(1), difference]);
    renderPage();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('22 november 2026');
    expect(rows[1]).toHaveTextContent('penningmeester');
    expect(rows[1]).toHaveTextContent('transaction.undo');
    // The target by kind and name, as people say them; its id below for a record's history.
    expect(rows[1]).toHaveTextContent('Sale Jan de Vries64b7f0c2a1b2c3d4e5f60799');
    expect(rows[1]).toHaveTextContent(/undone: — → at 22 november 2026 om \d\d:06, by penningmeester/);
    expect(rows[1]).toHaveTextContent(/balance_after: €\s12,50/);
    expect(rows[2]).toHaveTextContent('Account');
    // Logged for context, not changed.
    expect(rows[1]).not.toHaveTextContent('status:');
    expect(rows[2]).toHaveTextContent('ledger-audit');
    expect(rows[2]).toHaveTextContent("Jan de Vries: The account's cached balance is € 27.50, but the ledger says € 25.00.");
    expect(calls[0]?.get('perPage')).toBe('15');
    expect(calls[0]?.get('page')).toBe('1');
  });

  it('filters by action, who and target, and shows only the ledger audit differences with one button', async () => {
    const calls = stubApi([entry(1)], 20);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Action'), 'account.pin');
    await user.type(screen.getByLabelText('Who'), 'jan');
    // The kinds are offered by name, not typed as internal names.
    expect(within(screen.getByLabelText('Target')).getByRole('option', { name: 'Direct-debit batch' })).toHaveValue('direct_debit_batch');
    await user.selectOptions(screen.getByLabelText('Target'), 'Account');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.at(-1)?.get('action')).toBe('account.pin'));
    expect(calls.at(-1)?.get('actor')).toBe('jan');
    expect(calls.at(-1)?.get('entity')).toBe('account');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Ledger audit differences' }));
    await waitFor(() => expect(calls.at(-1)?.get('action')).toBe('ledger_audit.difference'));
    expect(calls.at(-1)?.get('actor')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ledger audit differences' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Action')).toHaveValue('ledger_audit.difference');
  });

  it('says when nothing matches the filters', async () => {
    stubApi([]);
    renderPage('/admin/audit_logs?action=product.update');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
  });

  it('turns before and after into one line per changed field', () => {
    expect(changeLines({ name: 'Pils', price: 250 }, { name: 'Pils', price: 275 })).toEqual([{ key: 'price', from: expect.stringMatching(/€\s2,50/), to: expect.stringMatching(/€\s2,75/) }]);
    expect(changeLines(null, { name: 'Cola' })).toEqual([{ key: 'name', from: null, to: 'Cola' }]);
    expect(changeLines({ name: 'Cola' }, null)).toEqual([{ key: 'name', from: 'Cola', to: null }]);
    expect(changeLines({ a: 1 }, { a: 1 })).toEqual([]);
    expect(changeLines({ creditLimit: 0 }, { creditLimit: 5000 })).toEqual([{ key: 'creditLimit', from: expect.stringMatching(/€\s0,00/), to: expect.stringMatching(/€\s50,00/) }]);
    expect(changeLines({ status: 'completed', undone: null }, { undone: 'admin' })).toEqual([{ key: 'undone', from: '—', to: 'admin' }]);
  });
});
