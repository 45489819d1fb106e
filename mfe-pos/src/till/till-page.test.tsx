import type { Category } from '@kassa/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
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

async function openTill() {
  stubApi({ 'GET /products/': () => json(200, ok({ categories: CATEGORIES })) });
  const view = renderTill(<TillPage />, ['PAYMENT_CASH']);
  await screen.findByRole('button', { name: /^Pils/ });
  return view;
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
