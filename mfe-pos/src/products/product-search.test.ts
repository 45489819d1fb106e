import type { Category } from '@kassa/contracts';
import { describe, expect, it } from 'vitest';
import { searchProducts } from './product-search';

const product = (name: string, i: number) => ({ id: i.toString(16).padStart(24, '0'), name, price: 200, deposit: false });
const catalogue: Category[] = [
  { id: 'c1'.padStart(24, '0'), name: 'Warm', colour: '#a33', products: ['Koffie', 'Chocolademelk', 'Cappuccino'].map(product) },
  { id: 'c2'.padStart(24, '0'), name: 'Fris', colour: '#33a', products: ['Coca', 'Fles cola (statiegeld)', 'Cola zero', 'Cola', 'Spa rood', 'Ice tea'].map((n, i) => product(n, i + 10)) },
];

describe('searchProducts', () => {
  it('puts the name typed, then names that start with it, then a word that does, before fuzzy matches', () => {
    const names = searchProducts(catalogue, 'cola').map((p) => p.name);
    expect(names.slice(0, 3)).toEqual(['Cola', 'Cola zero', 'Fles cola (statiegeld)']);
    // Still fuzzy: nothing found is hidden, only ranked after.
    expect(names).toContain('Coca');
  });

  it('ignores case and keeps accented names comparable', () => {
    expect(searchProducts(catalogue, 'COLA')[0]?.name).toBe('Cola');
    expect(searchProducts(catalogue, '  koffie ')[0]?.name).toBe('Koffie');
  });

  it('finds nothing for an empty search', () => {
    expect(searchProducts(catalogue, '   ')).toEqual([]);
  });
});
