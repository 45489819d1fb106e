import type { Category, Config } from '@kassa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubApi, type Call } from '../testing/api-stub';
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
      { id: id(12), name: 'Speciaal', price: 350, deposit: false, depositAmount: 0, adultsOnly: true },
    ],
  },
  {
    id: id(2),
    name: 'Snacks',
    colour: '#e67e22',
    products: [
      { id: id(21), name: 'Chips', price: 120, deposit: false, depositAmount: 0, adultsOnly: false },
      { id: id(22), name: 'Broodje kroket met mosterd en een klein bakje mayonaise', price: 325, deposit: false, depositAmount: 0, adultsOnly: false },
    ],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openTill(over: Partial<Config> = {}): Promise<Call[]> {
  const calls = stubApi({
    'GET /products/': () => json(200, ok({ categories: CATEGORIES })),
    'POST /checkout/cash/': () => json(200, ok({ transaction_id: id(99), terminal: null, balance_after: null, accountName: null, total: 350, status: 'completed' })),
  });
  renderTill(<TillPage />, ['PAYMENT_CASH'], over);
  await screen.findByRole('button', { name: /^Pils/ });
  return calls;
}

describe('till page', () => {
  it('groups products by category with name and price; long names get the long-name style', async () => {
    await openTill();
    const bier = screen.getByRole('region', { name: 'Bier' });
    expect(within(bier).getByRole('button', { name: /^Pils/ })).toHaveTextContent('€ 2,50');
    expect(screen.getByRole('button', { name: /^Broodje kroket/ })).toHaveClass('till-tile--long');
    expect(screen.getByRole('button', { name: /^Chips/ })).not.toHaveClass('till-tile--long');
  });

  it('adding a product counts it on the cart button and shows a snackbar whose action takes it out again', async () => {
    await openTill();
    const cart = screen.getByRole('button', { name: 'Cart' });
    expect(within(cart).queryByTestId('cart-count')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Pils/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Pils/ }));
    expect(within(cart).getByTestId('cart-count')).toHaveTextContent('2');
    const snackbar = screen.getByRole('status');
    expect(snackbar).toHaveTextContent('Pils added');
    act(() => {
      fireEvent.click(within(snackbar).getByRole('button', { name: 'Remove' }));
    });
    expect(within(cart).getByTestId('cart-count')).toHaveTextContent('1');
  });

  it('a search shows fuzzy matches from every category in one group "Results"; Cancel clears it', async () => {
    await openTill();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'chisp' } });
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(within(results).getByRole('button', { name: /^Chips/ })).toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: /^Speciaal/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Bier' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('region', { name: 'Bier' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  });
});

/** Products for adults (issue 49 §4): the till as staff see it with the setting ageCheck 'ask'. */
describe('the age question at the till (Speciaal is 18+)', () => {
  it('"Nee" closes the question and keeps the order without a payment; "Ja, 18+" opens Contant and the sale says so', async () => {
    const calls = await openTill({ ageCheck: 'ask' });
    // The test's screen is narrow: the cart (with the pay buttons) opens as a panel.
    fireEvent.click(screen.getByRole('button', { name: 'Cart' }));
    fireEvent.click(screen.getByRole('button', { name: /^Speciaal/ }));
    const cash = screen.getByRole('button', { name: 'Cash' });
    fireEvent.click(cash);
    // A second tap while the question is open asks nothing more.
    fireEvent.click(cash);
    const question = await screen.findByRole('dialog', { name: 'Leeftijd controleren' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(question).toHaveTextContent('Is de klant 18 jaar of ouder?');
    fireEvent.click(within(question).getByRole('button', { name: 'Nee' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('button', { name: 'Cart' })).getByTestId('cart-count')).toHaveTextContent('1');

    fireEvent.click(cash);
    const again = await screen.findByRole('dialog', { name: 'Leeftijd controleren' });
    fireEvent.click(within(again).getByRole('button', { name: 'Ja, 18+' }));
    const modal = await screen.findByRole('dialog', { name: 'Contant' });
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: /^Gereed/ }));
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/checkout/cash/')).toBe(true));
    expect(calls.find((c) => c.path === '/checkout/cash/')?.body).toMatchObject({ ageConfirmed: true, products: [{ id: id(12), amount: 1 }] });
  });

  it('an order without an 18+ product goes straight to the payment', async () => {
    await openTill({ ageCheck: 'ask' });
    fireEvent.click(screen.getByRole('button', { name: 'Cart' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pils/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cash' }));
    await screen.findByRole('dialog', { name: 'Contant' });
    expect(screen.queryByRole('dialog', { name: 'Leeftijd controleren' })).toBeNull();
  });
});
