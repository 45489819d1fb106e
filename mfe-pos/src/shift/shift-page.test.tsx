import type { Shift } from '@kassa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, json, ok, stubApi } from '../testing/api-stub';
import { renderTill } from '../testing/render-till';
import ShiftPage from './shift-page';

const ID = 'c'.repeat(24);
const zero = { '5000': 0, '2000': 0, '1000': 0, '500': 0, '200': 0, '100': 0, '50': 0, '20': 0, '10': 0, '5': 0 };
const shift = (over: Partial<Shift> = {}): Shift => ({
  id: ID,
  register: 'b'.repeat(24),
  status: 'open',
  openedBy: 'tap',
  openedAt: new Date().toISOString(),
  floatCount: { ...zero, '5000': 2 },
  float: 10_000,
  safeDrops: [],
  expected: 12_500,
  closingCount: null,
  counted: null,
  difference: null,
  closedBy: null,
  closedAt: null,
  note: null,
  card: { count: 0, total: 0, terminal: null },
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

const count = (label: string, cents: string, n: number) => fireEvent.change(screen.getByRole('spinbutton', { name: new RegExp(`^${label}: number of €\\s${cents}$`) }), { target: { value: String(n) } });

describe('the till’s shift screen', () => {
  it('opens a shift with the float counted by denomination', async () => {
    let current: Shift | null = null;
    const calls = stubApi({
      'GET /shifts/current': () => json(200, ok({ shift: current, noteAbove: 500 })),
      'POST /shifts/': () => {
        current = shift();
        return json(200, ok(current));
      },
    });
    renderTill(<ShiftPage basePath="/pos" />, ['PAYMENT_CASH']);
    await screen.findByText(/No shift is open/);
    count('Float', '50,00', 2);
    count('Float', '0,05', 3);
    expect(screen.getByTestId('Float-total')).toHaveTextContent(/€\s100,15/);
    fireEvent.click(screen.getByRole('button', { name: /Open shift with €\s100,15/ }));
    await screen.findByTestId('expected-cash');
    expect(screen.getByTestId('expected-cash')).toHaveTextContent(/€\s125,00/);
    const open = calls.find((c) => c.method === 'POST' && c.path === '/shifts/')!;
    expect(open.body).toEqual({ float: { ...zero, '5000': 2, '5': 3 } });
  });

  it('records a safe drop and closes with the count, asking a note for a large difference', async () => {
    const calls = stubApi({
      'GET /shifts/current': () => json(200, ok({ shift: shift(), noteAbove: 500 })),
      'POST /shifts/*/safe_drops/': (call) => json(200, ok(shift({ safeDrops: [{ amount: call.body.amount, by: 'tap', at: new Date().toISOString() }], expected: 12_500 - call.body.amount }))),
      'POST /shifts/*/close/': (call) =>
        call.body.note
          ? json(200, ok(shift({ status: 'closed', counted: 10_000, difference: -2500, note: call.body.note, closingCount: call.body.count, card: { count: 2, total: 750, terminal: { totals: { count: 2, total: 750 }, note: null } } })))
          : json(422, fail(422, 'validation_error', 'Validation error', [{ loc: ['body', 'note'], msg: 'Say why.', type: 'missing' }])),
    });
    renderTill(<ShiftPage basePath="/pos" />, ['PAYMENT_CASH']);
    await screen.findByTestId('expected-cash');

    fireEvent.change(screen.getByRole('textbox', { name: 'Amount to the safe (€)' }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record safe drop' }));
    await waitFor(() => expect(calls.filter((c) => c.path === `/shifts/${ID}/safe_drops/`)).toHaveLength(1));
    const drop = calls.find((c) => c.path === `/shifts/${ID}/safe_drops/`)!;
    expect(drop.body).toMatchObject({ amount: 2000 });
    expect(typeof drop.body.nonce).toBe('string');

    const closing = screen.getByRole('region', { name: 'Close the shift' });
    count('Count', '50,00', 2);
    expect(within(closing).getByTestId('close-difference')).toHaveTextContent(/-\s?€\s25,00|€\s-25,00/);
    expect(within(closing).queryByRole('textbox', { name: /Note/ })).not.toBeNull();
    fireEvent.click(within(closing).getByRole('button', { name: 'Close shift' }));
    expect(await within(closing).findByText(/say why/)).toBeTruthy();
    expect(calls.filter((c) => c.path === `/shifts/${ID}/close/`)).toHaveLength(0);

    fireEvent.change(within(closing).getByRole('textbox', { name: /Note/ }), { target: { value: 'Wisselgeld geleend' } });
    fireEvent.click(within(closing).getByRole('button', { name: 'Close shift' }));
    const closed = await screen.findByRole('region', { name: 'Shift closed' });
    expect(closed).toHaveTextContent(/Counted\s*€\s100,00/);
    expect(closed).toHaveTextContent(/Wisselgeld geleend/);
    expect(closed).toHaveTextContent(/Card in Kassa\s*€\s7,50\s*Card at the terminal\s*€\s7,50/);
    expect(calls.find((c) => c.path === `/shifts/${ID}/close/`)!.body).toEqual({ count: { ...zero, '5000': 2 }, note: 'Wisselgeld geleend' });
  });
});
