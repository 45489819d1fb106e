import type { Category } from '@kassa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubApi } from '../testing/api-stub';
import { renderTill } from '../testing/render-till';
import { TillPage } from './till-page';

const id = (n: number) => n.toString(16).padStart(24, '0');
const CATEGORIES: Category[] = [
  {
    id: id(1),
    name: 'Bier',
    colour: '#f2b705',
    products: [
      { id: id(11), name: 'Pils', price: 250, deposit: false, depositAmount: 0, adultsOnly: false },
      { id: id(12), name: 'Speciaal', price: 350, deposit: false, depositAmount: 0, adultsOnly: false },
    ],
  },
];
const ACCOUNTS = [{ id: id(31), name: 'Jan de Jong', balance: 5000, offlineFloor: 0, recent: true, badges: [] }];

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openTill() {
  const calls = stubApi({
    'GET /products/': () => json(200, ok({ categories: CATEGORIES })),
    'GET /accounts/': () => json(200, ok({ accounts: ACCOUNTS })),
    'GET /checkout/reasons/': () => json(200, ok({ reasons: ['Bestuur'] })),
    'POST /checkout/cash/': () => json(200, ok({ transaction_id: id(99), terminal: null, balance_after: null, accountName: null, total: 250, status: 'completed' })),
  });
  const view = renderTill(<TillPage />, ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO']);
  await screen.findByRole('button', { name: /^Pils/ });
  // The test's screen is narrow: the cart (with the pay buttons) opens as a panel.
  fireEvent.click(screen.getByRole('button', { name: 'Cart' }));
  return { ...view, calls };
}

/** A key pressed where focus is, as a keyboard sends it. */
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

/** A product tile reached with the keyboard and added with Enter (a button's click). */
function addByKeyboard(name: RegExp) {
  const tile = screen.getByRole('button', { name });
  tile.focus();
  fireEvent.click(tile);
  return tile;
}

describe('the till with a keyboard', () => {
  it('shows each pay button its shortcut, F1 to F4, without changing its name', async () => {
    await openTill();
    const keys: [string, string][] = [
      ['Cash', 'F1'],
      ['Card', 'F2'],
      ['Account', 'F3'],
      ['Other', 'F4'],
    ];
    for (const [name, key] of keys) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-keyshortcuts', key);
      expect(within(button).getByText(key).tagName).toBe('KBD');
    }
  });

  it('F1 opens the Contant modal; Escape closes it and focus goes back to the tile it was on', async () => {
    await openTill();
    const tile = addByKeyboard(/^Pils/);
    press('F1');
    const modal = await screen.findByRole('dialog', { name: 'Contant' });
    expect(modal).toHaveTextContent(/2,50/);
    // A second shortcut under an open modal opens nothing more.
    press('F4');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.keyDown(modal, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(tile).toHaveFocus();
  });

  it('F3 opens the account picker, and focus comes back from it too', async () => {
    await openTill();
    const tile = addByKeyboard(/^Speciaal/);
    press('F3');
    const picker = await screen.findByRole('dialog', { name: 'Select account' });
    fireEvent.keyDown(picker, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(tile).toHaveFocus();
  });

  it('after a sale empties the cart (Cash is disabled then), focus goes to the tile last used, not the page', async () => {
    const { calls } = await openTill();
    const tile = addByKeyboard(/^Pils/);
    const cash = screen.getByRole('button', { name: 'Cash' });
    cash.focus();
    fireEvent.click(cash);
    const modal = await screen.findByRole('dialog', { name: 'Contant' });
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: /^Gereed/ }));
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/checkout/cash/')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cash).toBeDisabled();
    await waitFor(() => expect(tile).toHaveFocus());
  });

  it('a shortcut does nothing with an empty cart, and never reaches the browser', async () => {
    await openTill();
    const event = new KeyboardEvent('keydown', { key: 'F1', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
