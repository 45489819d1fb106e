import type { DayReport, Shift } from '@kassa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { ShiftPage, ShiftsPage } from './shifts-page';

afterEach(() => vi.unstubAllGlobals());

const REGISTER = 'a'.repeat(24);
const count = (cents: Record<string, number>) => ({ '5000': 0, '2000': 0, '1000': 0, '500': 0, '200': 0, '100': 0, '50': 0, '20': 0, '10': 0, '5': 0, ...cents });
const shift: Shift = {
  id: 'b'.repeat(24),
  register: REGISTER,
  status: 'closed',
  openedBy: 'tapper',
  openedAt: '2026-11-28T17:00:00.000Z',
  floatCount: count({ '2000': 5 }),
  float: 10_000,
  safeDrops: [{ amount: 5_000, by: 'tapper', at: '2026-11-28T21:00:00.000Z' }],
  expected: 17_250,
  closingCount: count({ '5000': 3, '200': 10 }),
  counted: 17_000,
  difference: -250,
  closedBy: 'sluiter',
  closedAt: '2026-11-29T01:00:00.000Z',
  note: 'Wisselgeld fout teruggegeven',
  card: { count: 3, total: 4_500, terminal: { totals: { count: 4, total: 5_000 }, note: null } },
};
const sales: DayReport = {
  from: '2026-11-28',
  to: '2026-11-29',
  takings: [
    { method: 'cash', count: 9, total: 12_250 },
    { method: 'card', count: 4, total: 3_000 },
    { method: 'account', count: 0, total: 0 },
    { method: 'self', count: 0, total: 0 },
    { method: 'other', count: 0, total: 0 },
  ],
  otherByReason: [],
  topups: [],
  undos: { count: 0, total: 0, topups: 0, byMethod: [] },
  deposits: { soldUnits: 0, sold: 0, returnedUnits: 0, returned: 0 },
  products: [],
  categories: [],
  totals: { sales: 13, takings: 15_250, topups: 0, received: 15_250, revenue: 15_250 },
};

const answer = (call: { path: string }) => {
  if (call.path === '/api/admin/registers/') return json(200, ok({ registers: [{ id: REGISTER, name: 'Bar boven', capabilities: [], terminalName: null, users: [] }] }));
  if (call.path === '/api/admin/shifts/') return json(200, ok({ items: [shift], pageCount: 1, total: 1 }));
  return json(200, ok({ shift, registerName: 'Bar boven', sales }));
};

describe('/admin/shifts', { timeout: 20_000 }, () => {
  it("lists the shifts by register name with the drawer's difference, and filters by register and status", async () => {
    const calls = stubAdminApi(answer);
    const user = userEvent.setup();
    renderAdmin(<ShiftsPage />, '/admin/shifts');
    const link = await screen.findByRole('link', { name: 'Bar boven' });
    expect(link).toHaveAttribute('href', `/admin/shifts/${shift.id}`);
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('€ 172,50');
    expect(row).toHaveTextContent('€ -2,50');
    await user.selectOptions(screen.getByLabelText('Register'), REGISTER);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/shifts/').at(-1)?.query.get('register')).toBe(REGISTER));
    await user.click(screen.getByRole('button', { name: 'Closed' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/shifts/').at(-1)?.query.get('status')).toBe('closed'));
  });

  it("shows one shift's drawer, its note and its takings, and downloads its PDF", async () => {
    const calls = stubAdminApi(answer);
    const user = userEvent.setup();
    renderAdmin(
      <Routes>
        <Route path="/admin/shifts/:shiftId" element={<ShiftPage />} />
      </Routes>,
      `/admin/shifts/${shift.id}`,
    );
    expect(await screen.findByRole('heading', { name: 'Shift at Bar boven' })).toBeInTheDocument();
    expect(screen.getByText('Difference').nextElementSibling).toHaveTextContent('€ -2,50');
    expect(screen.getByText('To the safe').nextElementSibling).toHaveTextContent('€ 50,00');
    expect(screen.getByText('Wisselgeld fout teruggegeven')).toBeInTheDocument();
    expect(screen.getByText('Card in Kassa').nextElementSibling).toHaveTextContent('€ 45,00 (3 payments)');
    expect(screen.getByText('Card at the terminal').nextElementSibling).toHaveTextContent('€ 50,00 (4 payments)');
    expect(screen.getByText('Card difference').nextElementSibling).toHaveTextContent('€ 5,00');
    expect(within(screen.getByRole('table', { name: 'Takings by method' })).getAllByRole('row')[1]).toHaveTextContent('Cash9€ 122,50');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/admin/shifts/${shift.id}/report.pdf`)).toBe(true));
  });
});
