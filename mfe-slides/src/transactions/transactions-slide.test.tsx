import type { LiveTransaction } from '@kassa/contracts';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import { LIVE_FEED_KEEP, LIVE_FEED_REOPEN_MS } from './live-feed';
import { LiveFeedProvider } from './live-feed-context';
import { describeItems, TransactionsSlide } from './transactions-slide';

let seq = 0;
function sale(over: Partial<LiveTransaction> = {}): LiveTransaction {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${seq.toString(16).padStart(12, '0')}`,
    at: new Date(Date.UTC(2026, 10, 22, 20, 0, seq)).toISOString(),
    total: 250,
    method: 'cash',
    items: [{ name: 'Pils', amount: 1 }],
    who: null,
    ...over,
  };
}

const renderSlide = () =>
  render(
    <LiveFeedProvider>
      <TransactionsSlide />
    </LiveFeedProvider>,
  );

const rows = () => within(screen.getByRole('list', { name: 'Recent sales' })).getAllByRole('listitem');

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TransactionsSlide', () => {
  it('listens to the gateway feed and puts a new sale at the top with time, items, amount and first name', async () => {
    renderSlide();
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/live/transactions');
    act(() => source.open());
    expect(screen.getByText('No sales yet. They appear here as they happen.')).toBeInTheDocument();

    const first = sale({ items: [{ name: 'Chips', amount: 1 }], total: 120 });
    act(() => source.emit('transaction', first));
    const at = new Date(Date.UTC(2026, 10, 22, 21, 5, 0));
    const next = sale({
      at: at.toISOString(),
      method: 'account',
      who: 'Jan',
      total: 620,
      items: [
        { name: 'Pils', amount: 2 },
        { name: 'Chips', amount: 1 },
      ],
    });
    act(() => source.emit('transaction', next));

    const [top, second] = rows();
    expect(within(top!).getByText('2× Pils, 1× Chips')).toBeInTheDocument();
    expect(within(top!).getByText('Jan')).toBeInTheDocument();
    expect(within(top!).getByText('€ 6,20')).toBeInTheDocument();
    const hhmm = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    expect(within(top!).getByText(hhmm)).toBeInTheDocument();
    expect(within(second!).getByText('1× Chips')).toBeInTheDocument();
    expect(within(second!).getByText('€ 1,20')).toBeInTheDocument();
  });

  it('shows nothing of a sale but what a public screen may: no balance, no last name', () => {
    renderSlide();
    const source = FakeEventSource.latest();
    // A payload with more than the contract allows must not leak onto the wall.
    act(() =>
      source.emit('transaction', {
        ...sale({ who: 'Jan', total: 250, method: 'account' }),
        balance_after: 1234,
        accountName: 'Jan de Vries',
      }),
    );
    expect(rows()).toHaveLength(1);
    expect(screen.getByText('Jan')).toBeInTheDocument();
    expect(screen.queryByText(/de Vries/)).toBeNull();
    expect(screen.queryByText(/12,34/)).toBeNull();
  });

  it('keeps the newest 15 and does not repeat the sales the gateway replays after a reconnect', () => {
    renderSlide();
    const source = FakeEventSource.latest();
    const sales = Array.from({ length: 20 }, (_, i) => sale({ items: [{ name: `Product ${i + 1}`, amount: 1 }] }));
    act(() => {
      for (const s of sales) source.emit('transaction', s);
    });
    expect(rows()).toHaveLength(LIVE_FEED_KEEP);
    expect(within(rows()[0]!).getByText('1× Product 20')).toBeInTheDocument();
    expect(within(rows()[14]!).getByText('1× Product 6')).toBeInTheDocument();
    expect(screen.queryByText('1× Product 5')).toBeNull();

    act(() => {
      for (const s of sales) source.emit('transaction', s);
    });
    expect(rows()).toHaveLength(LIVE_FEED_KEEP);
    expect(screen.getAllByText('1× Product 20')).toHaveLength(1);
  });

  it('puts a sale missed during a dropped connection in time order, under newer ones', () => {
    renderSlide();
    const source = FakeEventSource.latest();
    const missed = sale({ items: [{ name: 'Cola', amount: 1 }] });
    const newer = sale({ items: [{ name: 'Tosti', amount: 1 }] });
    act(() => source.emit('transaction', newer));
    act(() => source.emit('transaction', missed));
    expect(rows().map((r) => r.textContent)).toEqual([expect.stringContaining('Tosti'), expect.stringContaining('Cola')]);
  });

  it('shows a small "reconnecting" marker while the connection is down and removes it when it is back', () => {
    renderSlide();
    const source = FakeEventSource.latest();
    act(() => source.open());
    expect(screen.queryByText('reconnecting')).toBeNull();
    act(() => source.fail());
    expect(screen.getByText('reconnecting')).toBeInTheDocument();
    act(() => source.open());
    expect(screen.queryByText('reconnecting')).toBeNull();
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens a new connection when the browser gave up on the old one', () => {
    vi.useFakeTimers();
    renderSlide();
    const first = FakeEventSource.latest();
    act(() => first.emit('transaction', sale({ items: [{ name: 'Radler', amount: 3 }] })));
    act(() => first.fail(true));
    expect(screen.getByText('reconnecting')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(LIVE_FEED_REOPEN_MS));
    expect(FakeEventSource.instances).toHaveLength(2);
    const second = FakeEventSource.latest();
    act(() => second.open());
    expect(screen.queryByText('reconnecting')).toBeNull();
    expect(screen.getByText('3× Radler')).toBeInTheDocument();
  });

  it('marks an undone sale "Undone" and strikes its amount through, also when the undo came first in a replay', () => {
    renderSlide();
    const source = FakeEventSource.latest();
    const kept = sale({ items: [{ name: 'Cola', amount: 1 }] });
    const undone = sale({ items: [{ name: 'Tosti', amount: 2 }], total: 500 });
    act(() => source.emit('transaction', kept));
    act(() => source.emit('transaction', undone));
    act(() => source.emit('transaction', { id: '00000000-0000-4000-8000-ffffffffffff', at: new Date().toISOString(), undoes: undone.id }));
    const [top, below] = rows();
    expect(top).toHaveTextContent('2× Tosti');
    expect(within(top!).getByText('Undone')).toBeInTheDocument();
    expect(within(top!).getByText('€ 5,00').tagName).toBe('S');
    expect(within(below!).queryByText('Undone')).toBeNull();
    expect(within(below!).getByText('€ 2,50').tagName).not.toBe('S');

    // A reconnect's replay: the undo of a sale may arrive before the sale itself.
    const late = sale({ items: [{ name: 'Radler', amount: 1 }] });
    act(() => source.emit('transaction', { id: '00000000-0000-4000-8000-fffffffffffe', at: new Date().toISOString(), undoes: late.id }));
    act(() => source.emit('transaction', late));
    expect(within(rows()[0]!).getByText('Undone')).toBeInTheDocument();
  });

  it('ignores events that are not sales', () => {
    renderSlide();
    const source = FakeEventSource.latest();
    act(() => source.emit('transaction', 'not json'));
    act(() => source.emit('transaction', { id: 'x', total: 'lots' }));
    expect(screen.queryByRole('list', { name: 'Recent sales' })).toBeNull();
  });
});

describe('describeItems', () => {
  it('writes amounts and names as the bar says them', () => {
    expect(
      describeItems([
        { name: 'Pils', amount: 2 },
        { name: 'Chips', amount: 1 },
      ]),
    ).toBe('2× Pils, 1× Chips');
  });
});
