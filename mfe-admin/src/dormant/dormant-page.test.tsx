import type { DormantAccount } from '@kassa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { DormantPage } from './dormant-page';

afterEach(() => vi.unstubAllGlobals());

const item = (n: number, over: Partial<DormantAccount> = {}): DormantAccount => ({
  accountId: `64b7f0c2a1b2c3d4e5f608${String(n).padStart(2, '0')}`,
  name: `Slaper ${n}`,
  lastUse: '2025-10-01T20:00:00Z',
  balanceWhenTold: 500 * n,
  balance: 500 * n,
  noticedAt: '2026-11-01T09:00:00Z',
  closeOn: '2026-11-15',
  told: 1,
  state: 'to_close',
  ...over,
});
const ALICE = { id: '64b7f0c2a1b2c3d4e5f60702', username: 'alice' };

function stub(items: DormantAccount[], approvals: object[] = []) {
  return stubAdminApi((call) => {
    if (call.path.endsWith('/admin/approvals/accounts/')) return json(200, ok(approvals));
    if (call.path.endsWith('/close')) return json(200, ok({ closed: 2, expired: 1_500, skipped: [] }));
    return json(200, ok({ month: '2026-11', months: ['2026-11', '2026-10'], items, toExpire: items.filter((i) => i.state === 'to_close').reduce((s, i) => s + i.balance, 0) }));
  });
}

describe('/admin/dormant', { timeout: 20_000 }, () => {
  it("lists the round's accounts with their state, and closes those still unused after saying what expires", async () => {
    const calls = stub([item(1), item(2), item(3, { state: 'used' }), item(4, { state: 'owes', balance: -700 }), item(5, { state: 'waiting', told: 0 })]);
    const user = userEvent.setup();
    renderAdmin(<DormantPage />, '/admin/dormant');
    const rows = within(await screen.findByRole('table', { name: 'Dormant accounts' })).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(rows[1]).toHaveTextContent('Slaper 1');
    expect(rows[1]).toHaveTextContent('To close');
    expect(rows[3]).toHaveTextContent('Used since: kept');
    expect(rows[4]).toHaveTextContent('Owes: see debtors');
    expect(rows[5]).toHaveTextContent('nobody to mail');
    expect(screen.getByText(/Round of/)).toHaveTextContent('Round of 2026-11: 2 to close, € 15,00 to expire.');
    await user.click(screen.getByRole('button', { name: 'Close the unused accounts' }));
    const dialog = screen.getByRole('dialog', { name: 'Close the unused accounts' });
    expect(dialog).toHaveTextContent('Closing them expires € 15,00');
    await user.click(within(dialog).getByRole('button', { name: 'Close accounts' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/dormant/2026-11/close']));
    expect(await screen.findByRole('status')).toHaveTextContent('Closed 2 accounts, € 15,00 expired.');
  });

  it('shows another board member Approve for what alice prepared', async () => {
    stub([item(1)], [{ id: 'dormant_round:2026-11:close', service: 'accounts', entity: 'dormant_round', entityId: '2026-11', action: 'close', summary: 'Close 1', amount: 500, preparedBy: ALICE, preparedAt: '2026-11-20T09:00:00Z', status: 'pending', approvedBy: null, approve: { method: 'POST', path: '/api/admin/dormant/2026-11/close', body: null }, message: 'Prepared by alice; another admin must approve.' }]);
    renderAdmin(<DormantPage />, '/admin/dormant');
    const group = await screen.findByRole('group', { name: 'Close the unused accounts' });
    expect(group).toHaveTextContent('prepared by alice');
    expect(within(group).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });
});
