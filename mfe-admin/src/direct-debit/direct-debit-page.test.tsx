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
  prenotice: { at: '2026-11-16T10:00:00Z', told: 1, untold: [{ accountId: '9'.repeat(24), name: 'Niemand Thuis' }], days: 14 },
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

/** The batch's collection prepared by `who` (four eyes). */
const approval = (who: { id: string; username: string }) => ({
  id: `direct_debit_batch:${ID}:collected`,
  service: 'payments',
  entity: 'direct_debit_batch',
  entityId: ID,
  action: 'collected',
  summary: 'Mark the direct-debit batch of 1 december 2026 collected: 2 debits, € 33,45 booked on the accounts',
  amount: 3_345,
  preparedBy: who,
  preparedAt: '2026-12-01T09:00:00Z',
  status: 'pending',
  approvedBy: null,
  approve: { method: 'POST', path: `/api/admin/direct_debit/${ID}/collected`, body: null },
  message: `Prepared by ${who.username}; another admin must approve.`,
});
const ME = { id: '64b7f0c2a1b2c3d4e5f60701', username: 'admin' };
const ALICE = { id: '64b7f0c2a1b2c3d4e5f60702', username: 'alice' };

function stubApi(extra: object = {}, approvals: object[] = []) {
  return stubAdminApi((call) => {
    if (call.path.endsWith('/admin/approvals/payments/')) return json(200, ok(approvals));
    if (call.method === 'DELETE' && call.path.includes('/admin/approvals/payments/')) return json(200, ok(approvals[0]));
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
    // The SEPA pre-notification: how many accounts were told, when, and who had nobody to tell.
    expect(screen.getByTestId('prenotice')).toHaveTextContent(/^1 of 2 accounts on .*\(14 days ahead asked\)No user to tell: Niemand Thuis$/);
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

describe('/admin/direct_debit/{batchId} on four eyes', { timeout: 20_000 }, () => {
  const open = () =>
    renderAdmin(
      <Routes>
        <Route path="/admin/direct_debit/:batchId" element={<DirectDebitBatchPage />} />
      </Routes>,
      `/admin/direct_debit/${ID}`,
    );

  it('tells the admin who prepared it that a second admin must approve, and lets them withdraw it', async () => {
    const calls = stubApi({}, [approval(ME)]);
    open();
    expect(await screen.findByRole('button', { name: 'Prepared by admin — waiting for a second admin' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/admin/approvals/payments/${encodeURIComponent(`direct_debit_batch:${ID}:collected`)}`]));
  });

  it('shows another admin Approve (the same confirmation, then the same call) and Reject', async () => {
    const calls = stubApi({}, [approval(ALICE)]);
    open();
    const group = await screen.findByRole('group', { name: 'Mark collected' });
    expect(group).toHaveTextContent('Mark collected: prepared by alice');
    expect(within(group).getByRole('button', { name: 'Reject' })).toBeEnabled();
    const user = userEvent.setup();
    await user.click(within(group).getByRole('button', { name: 'Approve' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark the batch collected' })).getByRole('button', { name: 'Mark collected' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/direct_debit/${ID}/collected`]));
  });

  it('says so when the call prepared it: nothing is booked until a second admin approves', async () => {
    stubAdminApi((call) => {
      if (call.path.endsWith('/admin/approvals/payments/')) return json(200, ok([]));
      if (call.path.endsWith(`/admin/direct_debit/${ID}/collected`)) return json(202, ok(approval(ME), 202));
      if (call.path.endsWith(`/admin/direct_debit/${ID}/`)) {
        return json(200, ok({ batch, creditor: { name: 'S', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', creditorId: 'NL28ZZZ401234560000' }, debits: { items: [debit(1, 'Zoë Verhoeven', 1_000)], pageCount: 1, total: 1 }, skipped: [] }));
      }
      return json(200, ok({ items: [batch], pageCount: 1, total: 1 }));
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark collected' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark the batch collected' })).getByRole('button', { name: 'Mark collected' }));
    expect(await screen.findByText('Prepared by admin; another admin must approve. Nothing is booked until then.')).toBeInTheDocument();
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
