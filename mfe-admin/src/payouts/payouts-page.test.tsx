import type { Payout, PayoutFile } from '@kassa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminConfig, json, ok, stubAdminApi, type ApiCall } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { PayoutsPage } from './payouts-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ALICE = { id: '64b7f0c2a1b2c3d4e5f60702', username: 'alice' };
const id = (n: number) => `64b7f0c2a1b2c3d4e5f609${String(n).padStart(2, '0')}`;
const payout = (n: number, over: Partial<Payout> = {}): Payout => ({
  id: id(n),
  accountId: `64b7f0c2a1b2c3d4e5f608${String(n).padStart(2, '0')}`,
  accountName: `Vertrekker ${n}`,
  donate: false,
  iban: 'NL20INGB0001234567',
  holder: `V. Vertrekker ${n}`,
  state: 'requested',
  approvedAmount: null,
  amount: null,
  balance: 1_250 * n,
  requestedBy: { id: 'm', username: `lid${n}` },
  byMember: true,
  requestedAt: '2026-12-01T10:00:00Z',
  approvedBy: null,
  approvedAt: null,
  fileId: null,
  bookedAt: null,
  cancelledAt: null,
  ...over,
});
const file = (over: Partial<PayoutFile> = {}): Omit<PayoutFile, 'payouts'> => ({
  id: 'f'.repeat(24),
  msgId: `PO${'f'.repeat(24)}`,
  createdAt: '2026-12-02T09:00:00Z',
  createdBy: { id: ALICE.id, username: 'alice' },
  count: 1,
  total: 2_500,
  donations: 1,
  donated: 3_750,
  sentAt: null,
  sentBy: null,
  ...over,
});
const approvalOf = (n: number, who: { id: string; username: string }) => ({
  id: `payout:${id(n)}:approve`,
  service: 'accounts',
  entity: 'payout',
  entityId: id(n),
  action: 'approve',
  summary: `Pay out € 12,50 of Vertrekker ${n}`,
  amount: 1_250 * n,
  preparedBy: who,
  preparedAt: '2026-12-01T11:00:00Z',
  status: 'pending',
  approvedBy: null,
  approve: { method: 'POST', path: `/api/admin/payouts/${id(n)}/approve`, body: null },
  message: `Prepared by ${who.username}; another admin must approve.`,
});

/** The payouts API as the accounts service answers it; `answer` first, for what a test answers otherwise. */
function stub(items: Payout[], files: Omit<PayoutFile, 'payouts'>[] = [], approvals: object[] = [], answer: (call: ApiCall) => Response | null = () => null) {
  return stubAdminApi((call) => {
    const own = answer(call);
    if (own) return own;
    if (call.path.endsWith('/admin/approvals/accounts/')) return json(200, ok(approvals));
    if (call.path.endsWith('/admin/payouts/files/') && call.method === 'GET') return json(200, ok({ items: files }));
    if (call.path.endsWith('/admin/payouts/files/') && call.method === 'POST') return json(200, ok({ ...file(), payouts: items }));
    if (call.path.endsWith('/sent')) return json(200, ok({ ...file({ sentAt: '2026-12-02T10:00:00Z' }), payouts: items }));
    if (call.path.endsWith('/approve')) return json(202, ok(approvalOf(1, { id: '64b7f0c2a1b2c3d4e5f60701', username: 'admin' })));
    if (call.path.endsWith('/admin/payouts/')) {
      const state = call.query.get('state');
      return json(200, ok({ items: state ? items.filter((p) => p.state === state) : items }));
    }
    return refusal(404, 'not_found', `unexpected ${call.path}`);
  });
}

const refusal = (status: number, identifier: string, message: string) => json(status, { error: true, errorCode: status, errorIdentifier: identifier, errorMessage: message, result: null });

describe('/admin/payouts', { timeout: 20_000 }, () => {
  it('lists the payouts with what they pay, where to and their state, and prepares an approval on four eyes', async () => {
    const items = [payout(1), payout(2, { state: 'approved', approvedAmount: 2_500, approvedBy: ALICE }), payout(3, { donate: true, iban: null, holder: null, state: 'booked', amount: 3_750 })];
    const calls = stub(items);
    const user = userEvent.setup();
    renderAdmin(<PayoutsPage />, '/admin/payouts');
    const rows = within(await screen.findByRole('table', { name: 'Payouts' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Vertrekker 1');
    expect(rows[1]).toHaveTextContent('€ 12,50');
    expect(rows[1]).toHaveTextContent('NL20 INGB … 4567 (V. Vertrekker 1)');
    expect(rows[1]).toHaveTextContent('Requested');
    expect(rows[1]).toHaveTextContent('by the member');
    expect(rows[2]).toHaveTextContent('Approved');
    expect(rows[2]).toHaveTextContent('alice');
    expect(rows[3]).toHaveTextContent('Donation to the association');
    expect(rows[3]).toHaveTextContent('Paid out');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make payout file' })).toBeEnabled());

    await user.click(within(rows[1]!).getByRole('button', { name: 'Approve the payout of Vertrekker 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the payout' });
    expect(dialog).toHaveTextContent('Pay € 12,50 of Vertrekker 1 to NL20INGB0001234567');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/payouts/${id(1)}/approve`]));
    expect(await screen.findByRole('status')).toHaveTextContent('Prepared by admin; another admin must approve. Nothing is booked until then.');
  });

  it('shows another admin Approve and Reject for what alice prepared', async () => {
    stub([payout(1)], [], [approvalOf(1, ALICE)]);
    renderAdmin(<PayoutsPage />, '/admin/payouts');
    const group = await screen.findByRole('group', { name: 'Approve the payout of Vertrekker 1' });
    expect(group).toHaveTextContent('prepared by alice');
    expect(within(group).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(group).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('makes a file of the approved payouts and marks a file sent after saying what it books', async () => {
    const calls = stub([payout(2, { state: 'approved', approvedAmount: 2_500 })], [file()]);
    const user = userEvent.setup();
    renderAdmin(<PayoutsPage />, '/admin/payouts');
    // Enabled once the approved payouts are read (a click before that does nothing).
    const makeButton = await screen.findByRole('button', { name: 'Make payout file' });
    await waitFor(() => expect(makeButton).toBeEnabled());
    await user.click(makeButton);
    const make = screen.getByRole('dialog', { name: 'Make a payout file' });
    expect(make).toHaveTextContent('1 approved payout goes into a SEPA transfer file (pain.001), about € 25,00 in transfers');
    await user.click(within(make).getByRole('button', { name: 'Make file' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Payout file made: 1 transfer, together € 25,00, and 1 donated (€ 37,50).');

    const files = within(screen.getByRole('table', { name: 'Payout files' })).getAllByRole('row');
    expect(files[1]).toHaveTextContent('Not yet');
    expect(within(files[1]!).getByRole('button', { name: /Download the payout file/ })).toBeEnabled();
    await user.click(within(files[1]!).getByRole('button', { name: /Mark the payout file .* sent/ }));
    const sent = screen.getByRole('dialog', { name: 'Mark the payout file sent' });
    expect(sent).toHaveTextContent('1 transfer, together € 25,00, and 1 donated (€ 37,50)');
    expect(sent).toHaveTextContent('closes them and mails the members');
    await user.click(within(sent).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/payouts/files/', `/api/admin/payouts/files/${'f'.repeat(24)}/sent`]));
    expect(await screen.findByRole('status')).toHaveTextContent('Booked: 1 account is paid out and closed');
  });

  it('filters by state in the URL, and cancels a payout after saying the account takes sales again', async () => {
    const calls = stub([payout(1), payout(2, { state: 'approved', approvedAmount: 2_500, approvedBy: ALICE })], [], [], (call) =>
      call.path.endsWith('/cancel') ? json(200, ok(payout(2, { state: 'cancelled', cancelledAt: '2026-12-02T12:00:00Z' }))) : null,
    );
    const user = userEvent.setup();
    renderAdmin(<PayoutsPage />, '/admin/payouts');
    await screen.findByRole('table', { name: 'Payouts' });
    await user.click(within(screen.getByRole('group', { name: 'State' })).getByRole('button', { name: 'Approved' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Payouts' })).getAllByRole('row')).toHaveLength(2));
    expect(within(screen.getByRole('group', { name: 'State' })).getByRole('button', { name: 'Approved' })).toHaveAttribute('aria-pressed', 'true');
    const row = within(screen.getByRole('table', { name: 'Payouts' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Vertrekker 2');
    expect(within(row).queryByRole('button', { name: /Approve/ })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Cancel the payout of Vertrekker 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the payout' });
    expect(dialog).toHaveTextContent('the account stays open and takes sales again');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payout' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/payouts/${id(2)}/cancel`]));
    expect(await screen.findByRole('status')).toHaveTextContent('The payout of Vertrekker 2 is cancelled; the account takes sales again.');
  });

  it('shows the admin who prepared it that it waits for a second admin, and lets them withdraw it', async () => {
    const me = { id: adminConfig.user.id, username: 'admin' };
    const calls = stub([payout(1)], [], [approvalOf(1, me)], (call) => (call.method === 'DELETE' ? json(200, ok({ ...approvalOf(1, me), status: 'rejected' })) : null));
    const user = userEvent.setup();
    renderAdmin(<PayoutsPage />, '/admin/payouts');
    const group = await screen.findByRole('group', { name: 'Approve the payout of Vertrekker 1' });
    expect(within(group).getByRole('button', { name: 'Prepared by admin — waiting for a second admin' })).toBeDisabled();
    await user.click(within(group).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => decodeURIComponent(c.path))).toEqual([`/api/admin/approvals/accounts/payout:${id(1)}:approve`]));
  });

  it('says in a dialog why the server refuses an approval (the same admin twice)', async () => {
    stub([payout(1)], [], [], (call) => (call.path.endsWith('/approve') ? refusal(409, 'conflict', 'Another admin must approve this: you prepared it.') : null));
    const user = userEvent.setup();
    renderAdmin(<PayoutsPage />, '/admin/payouts');
    await user.click(await screen.findByRole('button', { name: 'Approve the payout of Vertrekker 1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Approve the payout' })).getByRole('button', { name: 'Approve' }));
    const error = await screen.findByRole('dialog', { name: 'Approving failed' });
    expect(error).toHaveTextContent('Another admin must approve this: you prepared it.');
    expect(screen.queryByRole('dialog', { name: 'Approve the payout' })).toBeNull();
  });

  it("downloads a file's pain.001, says why the server refuses one, and offers none for donations only", async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const first = file({ id: 'a'.repeat(24), msgId: 'PO-A' });
    const second = file({ id: 'b'.repeat(24), msgId: 'PO-B', sentAt: '2026-12-03T09:00:00Z', sentBy: ALICE });
    const donations = file({ id: 'c'.repeat(24), msgId: 'PO-C', count: 0, total: 0, donations: 2 });
    let refuse = false;
    const calls = stub([], [first, second, donations], [], (call) => {
      if (!call.path.endsWith('/xml')) return null;
      return refuse ? refusal(503, 'service_unavailable', 'The accounts service is unavailable.') : new Response('<Document/>', { status: 200, headers: { 'Content-Type': 'application/xml' } });
    });
    const user = userEvent.setup();
    renderAdmin(<PayoutsPage />, '/admin/payouts');
    const rows = within(await screen.findByRole('table', { name: 'Payout files' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('alice');
    expect(within(rows[2]!).queryByRole('button', { name: /Mark the payout file/ })).toBeNull();
    expect(within(rows[3]!).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(within(rows[3]!).getByRole('button', { name: 'Mark the payout file PO-C sent' })).toBeEnabled();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Download the payout file of PO-A' }));
    await waitFor(() => expect(saved).toEqual(['kassa-payouts-PO-A.xml']));
    expect(calls.filter((c) => c.path.endsWith('/xml')).map((c) => c.path)).toEqual([`/api/admin/payouts/files/${'a'.repeat(24)}/xml`]);
    refuse = true;
    await user.click(within(rows[2]!).getByRole('button', { name: 'Download the payout file of PO-B' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The accounts service is unavailable.');
  });
});
