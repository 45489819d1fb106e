import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { DirectDebitBatchPage, maskIban } from './batch-page';
import { DirectDebitPage, lastDayOfPreviousMonth } from './direct-debit-page';

afterEach(() => vi.unstubAllGlobals());

const ID = 'a'.repeat(24);
const batch = {
  id: ID,
  collectionDate: '2026-12-01',
  cutoff: '2026-11-30',
  status: 'open',
  fileStatus: 'ready',
  fileError: null,
  msgId: `DD${ID}`,
  count: 2,
  total: 3_345,
  skippedCount: 1,
  failedCount: 0,
  failedTotal: 0,
  createdAt: '2026-11-30T10:00:00Z',
  createdBy: 'admin',
  collectedAt: null,
  cancelledAt: null,
};
const debit = (n: number, name: string, amount: number) => ({
  accountId: String(n).repeat(24),
  name,
  iban: 'NL91ABNA0417164300',
  bic: 'ABNANL2A',
  mandateId: `KASSA-${n}`,
  mandateSignedAt: '2025-09-01',
  amount,
  endToEndId: `DD${ID}.${n}`,
  status: 'pending',
  failedAt: null,
  failReason: null,
});

function stubApi(extra: object = {}) {
  return stubAdminApi((call) => {
    if (call.path.endsWith(`/admin/direct_debit/${ID}/`)) {
      return json(200, ok({
        ...extra,
        batch,
        creditor: { name: 'Studievereniging', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', creditorId: 'NL28ZZZ401234560000' },
        debits: { items: [debit(1, 'Zoë Verhoeven', 1_000), debit(2, 'Ömer Kaya', 2_345)], pageCount: 1, total: 2 },
        skipped: [
          { accountId: 'c'.repeat(24), name: 'Geen Mandaat', amount: 700, reason: 'no_mandate' },
          { accountId: 'd'.repeat(24), name: 'Feestcommissie', amount: 900, reason: 'invoiced', detail: '€ 9,00 of € 9,00 is billed by invoice 2026-0003: paid by the invoice, not collected.' },
        ],
      }));
    }
    if (call.path.endsWith(`/admin/direct_debit/${ID}/collected`)) return json(200, ok({ ...batch, status: 'collected' }));
    return json(200, ok({ items: [batch], pageCount: 1, total: 1 }));
  });
}

describe('/admin/direct_debit', { timeout: 20_000 }, () => {
  it('lists batches 15 a page with Dutch dates and amounts, the status filter from the URL', async () => {
    const calls = stubApi();
    renderAdmin(<DirectDebitPage />, '/admin/direct_debit?status=open');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1 december 2026');
    expect(rows[1]).toHaveTextContent('30 november 2026');
    expect(rows[1]).toHaveTextContent('€ 33,45');
    expect(rows[1]).toHaveTextContent('Open');
    const list = calls.find((c) => c.path.endsWith('/admin/direct_debit/'))!;
    expect(list.query.get('status')).toBe('open');
    expect(list.query.get('perPage')).toBe('15');
    expect(screen.getByLabelText('Status')).toHaveValue('open');
  });

  it('shows a batch with masked IBANs, mandates and the skipped; "Mark collected" says how many and how much first', async () => {
    const calls = stubApi();
    renderAdmin(
      <Routes>
        <Route path="/admin/direct_debit/:batchId" element={<DirectDebitBatchPage />} />
      </Routes>,
      `/admin/direct_debit/${ID}`,
    );
    const debits = await screen.findByRole('table', { name: 'Debits' });
    expect(within(debits).getAllByRole('row')[1]).toHaveTextContent('NL91 ABNA … 4300');
    expect(within(debits).getAllByRole('row')[1]).toHaveTextContent('KASSA-1');
    const skipped = within(screen.getByRole('table', { name: 'Skipped' })).getAllByRole('row');
    expect(skipped[1]).toHaveTextContent('No mandate');
    // One debt, one route: the invoiced part is left out, and the page says which invoice settles it.
    expect(skipped[2]).toHaveTextContent('On an invoice');
    expect(skipped[2]).toHaveTextContent('€ 9,00 of € 9,00 is billed by invoice 2026-0003: paid by the invoice, not collected.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark collected' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark the batch collected' });
    expect(dialog).toHaveTextContent('2 debits, together € 33,45');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Mark collected' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/direct_debit/${ID}/collected`]));
  });
});

describe('/admin/direct_debit/{batchId} before its collection date', { timeout: 20_000 }, () => {
  it('shows the collection date and keeps "Mark collected" off until that day', async () => {
    stubApi({ collectable: false });
    renderAdmin(
      <Routes>
        <Route path="/admin/direct_debit/:batchId" element={<DirectDebitBatchPage />} />
      </Routes>,
      `/admin/direct_debit/${ID}`,
    );
    expect(await screen.findByText('The bank collects this batch on 1 december 2026 (Dutch time): mark it collected from that day on.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark collected' })).toBeDisabled();
  });
});

describe('helpers', () => {
  it('masks an IBAN to country, bank and the last four', () => {
    expect(maskIban('NL91ABNA0417164300')).toBe('NL91 ABNA … 4300');
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 3704 … 3000');
  });
  it('defaults the cut-off to the end of the previous month', () => {
    expect(lastDayOfPreviousMonth('2026-12-03')).toBe('2026-11-30');
    expect(lastDayOfPreviousMonth('2027-01-15')).toBe('2026-12-31');
    expect(lastDayOfPreviousMonth('2028-03-01')).toBe('2028-02-29');
  });
});
