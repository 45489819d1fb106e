import type { Category } from '@kassa/contracts';
import { Fuse } from '../search/fuzzy';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareProductIndex, searchProducts } from './product-search';

const product = (name: string, i: number) => ({ id: i.toString(16).padStart(24, '0'), name, price: 200, deposit: false, depositAmount: 0, adultsOnly: false });
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

  it('answers a search typed again (a backspace, the same letters once more) without searching again', () => {
    const fresh = catalogue.map((c) => ({ ...c }));
    const search = vi.spyOn(Fuse.prototype, 'search');
    try {
      const first = searchProducts(fresh, 'col');
      searchProducts(fresh, 'cola');
      expect(searchProducts(fresh, 'col')).toBe(first);
      expect(searchProducts(fresh, ' col ')).toBe(first);
      expect(search).toHaveBeenCalledTimes(2);
      // A new product list (RTK Query hands out a new array) is searched afresh.
      expect(searchProducts(fresh.map((c) => ({ ...c })), 'col').map((p) => p.id)).toEqual(first.map((p) => p.id));
      expect(search).toHaveBeenCalledTimes(3);
    } finally {
      search.mockRestore();
    }
  });

  it('finds nothing for an empty search', () => {
    expect(searchProducts(catalogue, '   ')).toEqual([]);
  });
});

describe('prepareProductIndex', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('builds the index and then searches the first letters of a product, one idle moment each, before anyone types', () => {
    vi.useFakeTimers();
    const search = vi.spyOn(Fuse.prototype, 'search');
    const fresh = catalogue.map((c) => ({ ...c }));
    prepareProductIndex(fresh);
    expect(search).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    // The index alone first.
    expect(search).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(search.mock.calls.map((call) => call[0])).toEqual(['K', 'Ko', 'Kof', 'Koff']);
  });

  it('stops when its effect is cleaned up (the product list changed or the till closed)', () => {
    vi.useFakeTimers();
    const search = vi.spyOn(Fuse.prototype, 'search');
    const cancel = prepareProductIndex(catalogue.map((c) => ({ ...c })));
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(search.mock.calls.map((call) => call[0])).toEqual(['K']);
  });
});
