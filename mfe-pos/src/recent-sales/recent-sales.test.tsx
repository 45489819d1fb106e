import type { Category, RecentSale } from '@kassa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubApi } from '../testing/api-stub';
import { renderTill } from '../testing/render-till';
import { TillPage } from '../till/till-page';
import { undoQuestion } from './recent-sales-thunks';

const id = (n: number) => n.toString(16).padStart(24, '0');
const CATEGORIES: Category[] = [{ id: id(1), name: 'Bier', colour: '#f2b705', products: [{ id: id(11), name: 'Pils', price: 250, deposit: false, depositAmount: 0, adultsOnly: false }] }];
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const sale = (n: number, over: Partial<RecentSale>): RecentSale => ({
  transaction_id: id(100 + n),
  method: 'cash',
  amount: 350,
  accountName: null,
  topUp: null,
  reason: null,
  products: [{ name: 'Speciaal', amount: 1 }],
  createdAt: new Date().toISOString(),
  receivedAt: null,
  undoableUntil: inMinutes(9),
  undone: null,
  ...over,
});
const SALES = [
  sale(1, { method: 'cash', amount: 350 }),
  sale(2, { method: 'account', amount: 500, accountName: 'Jan de Jong', products: [{ name: 'Pils', amount: 2 }], undone: { at: new Date().toISOString(), by: 'tap' } }),
  sale(3, { method: 'card', amount: 200 }),
];

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openList(sales: RecentSale[] = SALES) {
  const calls = stubApi({
    'GET /products/': () => json(200, ok({ categories: CATEGORIES })),
    'GET /transactions/recent/': () => json(200, ok({ sales, undoWindowMs: 600_000 })),
    'POST /transactions/*/undo/': (call) => json(200, ok({ transaction_id: call.path.split('/')[2], undone: { at: new Date().toISOString(), by: 'tap' }, balance_after: null, accountName: null })),
  });
  const view = renderTill(<TillPage />, ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_UNDO']);
  await screen.findByRole('button', { name: /^Pils/ });
  const button = screen.getByRole('button', { name: 'Recent sales' });
  button.focus();
  fireEvent.click(button);
  await screen.findByRole('dialog', { name: 'Recent sales' });
  if (sales.length > 0) await screen.findByRole('list', { name: 'Recent sales' });
  return { ...view, calls };
}

const rows = () => screen.getAllByTestId('recent-sale');
const loads = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path === '/transactions/recent/').length;

describe('recent sales at the till', () => {
  it('lists each sale with its amount, method and account, and which ones are undone', async () => {
    await openList();
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toHaveTextContent(/€\s3,50.*Cash.*Speciaal.*Undo sale/);
    expect(rows()[1]).toHaveTextContent(/€\s5,00.*Account · Jan de Jong.*2× Pils.*Undone/);
    expect(within(rows()[1]!).queryByRole('button', { name: 'Undo sale' })).toBeNull();
    expect(screen.getByText('Sales older than 10 minutes: ask an administrator to undo them.')).toBeInTheDocument();
  });

  it('undoes a sale only after a question that names its amount, then loads the list again', async () => {
    const { calls } = await openList();
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Undo sale' }));
    const question = await screen.findByRole('dialog', { name: /^Undo sale of €\s3,50 \(Cash\)\?$/ });
    expect(question).toHaveTextContent(/Give €\s3,50 back from the cash box\./);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: 'Annuleer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Undo sale of/ })).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const before = loads(calls);
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Undo sale' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: /^Undo sale of €\s3,50 \(Cash\)\?$/ })).getByRole('button', { name: 'Undo sale' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/transactions/${id(101)}/undo/`]));
    await waitFor(() => expect(loads(calls)).toBe(before + 1));
  });

  it("a card sale asks for the refund at the terminal first, naming the amount, and says it was refunded", async () => {
    const { calls } = await openList();
    fireEvent.click(within(rows()[2]!).getByRole('button', { name: 'Undo sale' }));
    const question = await screen.findByRole('dialog', { name: /^Refund €\s2,00 at the terminal$/ });
    fireEvent.click(within(question).getByRole('button', { name: 'Refunded' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ method: 'POST', path: `/transactions/${id(103)}/undo/`, body: { refundConfirmed: true } })]));
  });

  it('says so when there is nothing to undo, and is only there for a till that may undo', async () => {
    const view = await openList([]);
    expect(await screen.findByText('No sales in the last 10 minutes.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recent sales' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Recent sales' })).toHaveFocus();
    view.unmount();

    renderTill(<TillPage />, ['PAYMENT_CASH']);
    await screen.findByRole('button', { name: /^Pils/ });
    expect(screen.queryByRole('button', { name: 'Recent sales' })).toBeNull();
  });

  it('names what happens to the money for each kind of sale', () => {
    const question = (...args: Parameters<typeof undoQuestion>) => {
      const q = undoQuestion(...args);
      return { title: q.title.replace(/\s/g, ' '), text: q.text.replace(/\s/g, ' ') };
    };
    expect(question({ amount: 500, method: 'account', accountName: 'Jan de Jong', topUp: null })).toEqual({
      title: 'Undo sale of € 5,00 (Account)?',
      text: '€ 5,00 goes back to Jan de Jong.',
    });
    expect(question({ amount: 1250, method: 'cash', accountName: 'Eva', topUp: 1000 }).text).toBe('Give € 12,50 back from the cash box. The top-up of € 10,00 on Eva is taken back.');
    expect(question({ amount: 300, method: 'other', accountName: null, topUp: null }).title).toBe('Undo sale of € 3,00 (Other)?');
  });
});
