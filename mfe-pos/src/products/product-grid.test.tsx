import type { Category } from '@kassa/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProductGrid } from './product-grid';
import { RESULTS_PAGE } from './product-search';

const id = (n: number) => n.toString(16).padStart(24, '0');
// More "Tripel" products than one page of results, spread over two categories, plus one that does not match.
const TRIPELS = RESULTS_PAGE + 5;
const CATEGORIES: Category[] = [
  {
    id: id(1),
    name: 'Bier',
    colour: '#f2b705',
    products: [
      ...Array.from({ length: TRIPELS - 2 }, (_, i) => ({ id: id(100 + i), name: `Tripel ${i + 1}`, price: 400, deposit: false, depositAmount: 0, adultsOnly: false })),
      { id: id(2), name: 'Pils', price: 250, deposit: false, depositAmount: 0, adultsOnly: false },
    ],
  },
  {
    id: id(3),
    name: 'Fles',
    colour: '#16a085',
    products: [
      { id: id(4), name: `Tripel ${TRIPELS - 1}`, price: 450, deposit: false, depositAmount: 0, adultsOnly: false },
      { id: id(5), name: `Tripel ${TRIPELS}`, price: 450, deposit: false, depositAmount: 0, adultsOnly: false },
    ],
  },
];

const resultTiles = () => within(screen.getByRole('region', { name: 'Results' })).getAllByRole('button', { name: /^Tripel/ });

describe('product grid', () => {
  it('shows a page of the best matches under "Results"; "Show more" reaches every match', () => {
    const onAdd = vi.fn();
    render(<ProductGrid categories={CATEGORIES} query="tripel" onAdd={onAdd} />);
    expect(screen.queryByRole('region', { name: 'Bier' })).toBeNull();
    expect(resultTiles()).toHaveLength(RESULTS_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(resultTiles()).toHaveLength(TRIPELS);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Tripel ${TRIPELS}\\s?€`) }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: id(5), name: `Tripel ${TRIPELS}` }));
  });

  it('a new search starts again at one page; clearing it brings back the categories', () => {
    const onAdd = vi.fn();
    const view = render(<ProductGrid categories={CATEGORIES} query="tripel" onAdd={onAdd} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    view.rerender(<ProductGrid categories={CATEGORIES} query="tripe" onAdd={onAdd} />);
    expect(resultTiles()).toHaveLength(RESULTS_PAGE);
    view.rerender(<ProductGrid categories={CATEGORIES} query="" onAdd={onAdd} />);
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Fles' })).getAllByRole('button')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Bier' })).getByRole('button', { name: /^Pils/ })).toBeInTheDocument();
  });

  it('a keystroke changes the result tiles in place, also after the search was cleared; a tap adds what the tile shows now', () => {
    const onAdd = vi.fn();
    const grid = (query: string) => <ProductGrid categories={CATEGORIES} query={query} onAdd={onAdd} />;
    const view = render(grid('Tripel 3'));
    const tile = resultTiles()[0]!;
    expect(tile).toHaveTextContent(/^Tripel 3€/);
    view.rerender(grid('Tripel 4'));
    expect(resultTiles()[0]).toBe(tile);
    expect(tile).toHaveTextContent(/^Tripel 4€/);
    view.rerender(grid(''));
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Bier' })).toBeVisible();
    view.rerender(grid('Tripel 5'));
    expect(resultTiles()[0]).toBe(tile);
    fireEvent.click(tile);
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: id(104), name: 'Tripel 5' }));
    // A new product list while the field is empty drops the hidden results instead of searching it for them.
    view.rerender(grid(''));
    view.rerender(<ProductGrid categories={[...CATEGORIES]} query="" onAdd={onAdd} />);
    expect(view.container.querySelector('[aria-label="Results"]')).toBeNull();
  });
});
