import type { DayReport, ReportOverview } from '@kassa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { ReportsPage } from './reports-page';

afterEach(() => vi.unstubAllGlobals());

const report = (day: string): DayReport => ({
  from: day,
  to: day,
  takings: [
    { method: 'cash', count: 3, total: 1250 },
    { method: 'card', count: 1, total: 400 },
    { method: 'account', count: 2, total: 900 },
    { method: 'self', count: 0, total: 0 },
    { method: 'other', count: 1, total: 250 },
  ],
  otherByReason: [{ reason: 'Sponsor', count: 1, total: 250 }],
  topups: [{ method: 'cash', count: 1, total: 2000 }],
  undos: { count: 1, total: 300, topups: 0, byMethod: [{ method: 'cash', count: 1, total: 300 }] },
  deposits: { soldUnits: 4, sold: 60, returnedUnits: 2, returned: 30 },
  products: [{ productId: 'p1', name: 'Pils', categoryId: 'c1', vatRate: 21, amount: 10, revenue: 2770 }],
  categories: [{ categoryId: 'c1', name: 'Bier', vatRate: 21, amount: 10, revenue: 2770 }],
  totals: { sales: 7, takings: 2800, topups: 2000, received: 4800, revenue: 2770 },
});

const overview = (days: number): ReportOverview => ({
  from: '2026-11-04',
  to: '2026-12-03',
  days,
  perDay: [
    { day: '2026-11-28', cash: 1250, card: 400, account: 900, self: 0, other: 250, total: 2800 },
    { day: '2026-12-01', cash: 500, card: 0, account: 0, self: 0, other: 0, total: 500 },
  ],
  balances: { held: 123_450, owed: 8_850, accountsHeld: 40, accountsOwing: 3 },
  topProducts: [{ productId: 'p1', name: 'Pils', amount: 12, revenue: 3324 }],
  hours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 22 ? 5 : 0, total: hour === 22 ? 1500 : 0 })),
});

const answer = (call: { path: string; query: URLSearchParams }) =>
  call.path === '/api/admin/reports/day' ? json(200, ok(report(call.query.get('day')!))) : json(200, ok(overview(Number(call.query.get('days')))));

describe('/admin/reports', { timeout: 20_000 }, () => {
  it("shows the day's takings by method, top-ups, undos, deposits, categories and products, with totals", async () => {
    const calls = stubAdminApi(answer);
    renderAdmin(<ReportsPage />, '/admin/reports?day=2026-11-28');
    const takings = await screen.findByRole('table', { name: 'Takings by method' });
    const rows = within(takings).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Cash3€ 12,50');
    expect(rows[4]).toHaveTextContent('Own account0€ 0,00');
    expect(rows.at(-1)).toHaveTextContent('Total7€ 28,00');
    expect(within(screen.getByRole('table', { name: 'Other, by reason' })).getByText('Sponsor')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Top-ups' })).toHaveTextContent('Cash1€ 20,00');
    expect(screen.getByRole('table', { name: 'Undone (not in the takings)' })).toHaveTextContent('Total1€ 3,00');
    expect(screen.getByRole('table', { name: 'Deposits' })).toHaveTextContent('Returned2€ -0,30');
    expect(screen.getByRole('table', { name: 'Categories' })).toHaveTextContent('Bier (21% VAT)10€ 27,70');
    expect(screen.getByRole('table', { name: 'Products' })).toHaveTextContent('Pils (21% VAT)10€ 27,70');
    expect(screen.getByText(/^Received/)).toHaveTextContent('Received € 48,00 (sales € 28,00, top-ups € 20,00)');
    expect(screen.getByRole('heading', { name: 'Day report: 28 november 2026' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/reports/day')?.query.get('day')).toBe('2026-11-28');
  });

  it("shows the treasurer's view: what members hold and owe, the charts and the top products; asks for 90 days", async () => {
    const calls = stubAdminApi(answer);
    const user = userEvent.setup();
    renderAdmin(<ReportsPage />, '/admin/reports?day=2026-11-28');
    expect(await screen.findByText('Members hold')).toBeInTheDocument();
    expect(screen.getByText('Members hold').parentElement).toHaveTextContent('€ 1.234,50 on 40 accounts');
    expect(screen.getByText('Members owe').parentElement).toHaveTextContent('€ 88,50 on 3 accounts');
    expect(screen.getByRole('img', { name: 'Takings per day by method' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sales per hour of the day' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Top products' })).toHaveTextContent('Pils12€ 33,24');
    expect(calls.find((c) => c.path === '/api/admin/reports/overview')?.query.get('days')).toBe('30');
    await user.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('days')).toBe('90'));
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('downloads the PDF and the CSV of the day with the session, and says what the server refused', async () => {
    const calls = stubAdminApi((call) =>
      /\.(pdf|csv)$/.test(call.path) ? json(503, { error: true, errorCode: 503, errorIdentifier: 'service_unavailable', errorMessage: 'The checkout service is unavailable.', result: null }) : answer(call),
    );
    const user = userEvent.setup();
    renderAdmin(<ReportsPage />, '/admin/reports?day=2026-11-28');
    await screen.findByRole('table', { name: 'Takings by method' });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The checkout service is unavailable.');
    expect(calls.find((c) => c.path === '/api/admin/reports/day.pdf')?.query.get('day')).toBe('2026-11-28');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/reports/day.csv')?.query.get('day')).toBe('2026-11-28'));
  });
});
