import type { Product } from '@kassa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productAdded } from '../cart/cart-slice';
import type { TillEffects } from '../checkout/till-effects';
import { json, ok, stubApi } from '../testing/api-stub';
import { renderTill } from '../testing/render-till';
import { waitingCount } from '../offline/connection';
import { keepSale, waitingSales, type OfflineSale } from '../offline/offline-queue';
import { dropWaiting, replayWaiting, sellOffline } from '../offline/offline-runtime';
import { TillFeedback } from './till-feedback';

// The browser's IndexedDB, as idb-keyval uses it, kept in memory (jsdom has none).
const db = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  set: async (key: string, value: unknown) => void db.set(key, value),
  del: async (key: string) => void db.delete(key),
  entries: async () => [...db.entries()],
}));

const pils: Product = { id: '1'.repeat(24), name: 'Pils', price: 250, deposit: false, depositAmount: 0, adultsOnly: false };
const BAR = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'] as const;
const effects: TillEffects = { dialogs: { error: async () => true, confirm: async () => true }, playSuccess: () => undefined };

// Every sale its own nonce, as on a till (the runtime remembers the sales it was asked to undo by their key).
let run = 0;
const sale = (n: number): OfflineSale => ({
  key: `2026-12-01T20:0${n}:00.000Z|nonce-${n}-run${run}`,
  nonce: `nonce-${n}-run${run}`,
  method: 'cash',
  body: { products: [{ id: pils.id, amount: n }] },
  madeAt: `2026-12-01T20:0${n}:00.000Z`,
  total: 250 * n,
  lines: [{ productId: pils.id, name: 'Pils', price: 250, amount: n }],
  accountId: null,
  accountName: null,
  reason: null,
  registerId: null,
  username: 'bar',
});

let online = true;
beforeEach(() => {
  run += 1;
  db.clear();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A POST /checkout/cash/ that answers only when the test lets it. */
function heldCheckout() {
  const releases: (() => void)[] = [];
  const calls = stubApi({
    'POST /checkout/cash/': (call) =>
      new Promise((resolve) => {
        releases.push(() => resolve(json(200, ok({ transaction_id: `${'e'.repeat(23)}${String(call.body?.nonce).charAt(6)}`, terminal: null, balance_after: null, accountName: null, total: 250, status: 'completed' }))));
      }),
  });
  return { calls, release: () => releases.shift()?.() };
}

describe('undo of a sale made offline', () => {
  it('takes a waiting sale out of the queue before it is sent; the others stay', async () => {
    await keepSale(sale(1));
    await keepSale(sale(2));
    expect(await dropWaiting(sale(1).key)).toEqual({ dropped: true });
    expect((await waitingSales()).map((s) => s.key)).toEqual([sale(2).key]);
    expect(waitingCount()).toBe(1);
    // Asked again: gone, and never sent.
    expect(await dropWaiting(sale(1).key)).toEqual({ dropped: false, transactionId: null });
  });

  it('never sends a sale undone while the replay is sending the one before it, and answers the id of one on its way', async () => {
    await keepSale(sale(1));
    await keepSale(sale(2));
    const { calls, release } = heldCheckout();
    const { store } = renderTill(<div />, [...BAR]);
    const replay = replayWaiting((thunk) => store.dispatch(thunk), effects);
    await waitFor(() => expect(calls).toHaveLength(1));
    // Sale 1 is on its way: its undo waits for the answer and gets the server's id; sale 2 leaves the queue unsent.
    const undoFirst = dropWaiting(sale(1).key);
    expect(await dropWaiting(sale(2).key)).toEqual({ dropped: true });
    release();
    await replay;
    expect(await undoFirst).toEqual({ dropped: false, transactionId: `${'e'.repeat(23)}1` });
    expect(calls.map((c) => c.body?.nonce)).toEqual([sale(1).nonce]);
    expect(await waitingSales()).toEqual([]);
  });

  it("the strip's Undo sale of a sale saved offline takes it out of the queue, and nothing reaches the server", async () => {
    online = false;
    const calls = stubApi({});
    const { store } = renderTill(<TillFeedback effects={effects} />, [...BAR]);
    store.dispatch(productAdded(pils));
    await act(async () => {
      await store.dispatch(sellOffline('cash', { products: [{ id: pils.id, amount: 1 }] }, 'nonce-strip-abcdef', effects));
    });
    expect(await waitingSales()).toHaveLength(1);
    const strip = screen.getByRole('group', { name: 'Last sale' });
    expect(strip).toHaveTextContent(/Saved offline: €\s2,50/);
    fireEvent.click(within(strip).getByRole('button', { name: 'Undo sale' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Last sale' })).toHaveTextContent('Transaction undone.'));
    expect(await waitingSales()).toEqual([]);
    expect(waitingCount()).toBe(0);
    expect(calls).toEqual([]);
  });
});
