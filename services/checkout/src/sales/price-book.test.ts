import type { InternalClient } from '@kassa/service-kit';
import { describe, expect, it } from 'vitest';
import { priceBook } from './price-book';

const product = (id: string, price: number) => ({ id, name: `P${id}`, price, deposit: false, categoryId: 'c' });

function fakeCatalog(prices: Map<string, number>) {
  const asked: string[][] = [];
  const catalog = (async (_path: string, _schema: unknown, opts?: { body?: unknown }) => {
    const { ids } = opts!.body as { ids: string[] };
    asked.push(ids);
    return { products: ids.flatMap((id) => (prices.has(id) ? [product(id, prices.get(id)!)] : [])) };
  }) as InternalClient;
  return { catalog, asked };
}

describe('priceBook', () => {
  it('asks the catalog once per product within the window, and again after it', async () => {
    const prices = new Map([['a', 250], ['b', 300]]);
    const { catalog, asked } = fakeCatalog(prices);
    let now = 1_000;
    const book = priceBook(catalog, 2_000, () => now);
    expect([...(await book(['a', 'b'])).values()].map((p) => p.price)).toEqual([250, 300]);
    prices.set('a', 275);
    now += 999;
    expect((await book(['a']))!.get('a')!.price).toBe(250);
    now += 1_001;
    expect((await book(['a', 'b']))!.get('a')!.price).toBe(275);
    expect(asked).toEqual([['a', 'b'], ['a', 'b']]);
  });

  it('asks again in the background for a price past half its window, and the sale does not wait for the answer', async () => {
    const asked: string[][] = [];
    const answers: ((price: number) => void)[] = [];
    const catalog = (async (_path: string, _schema: unknown, opts?: { body?: unknown }) => {
      const { ids } = opts!.body as { ids: string[] };
      asked.push(ids);
      const price = asked.length === 1 ? 250 : await new Promise<number>((resolve) => answers.push(resolve));
      return { products: ids.map((id) => product(id, price)) };
    }) as InternalClient;
    let now = 0;
    const book = priceBook(catalog, 2_000, () => now);
    await book(['a']);

    now = 1_000;
    expect((await book(['a'])).get('a')!.price).toBe(250);
    expect((await book(['a'])).get('a')!.price).toBe(250);
    expect(asked).toEqual([['a'], ['a']]);

    answers[0]!(300);
    await new Promise((resolve) => setImmediate(resolve));
    // Its window counts from when it was asked for (1,000): used without asking until 2,000, half its window.
    now = 1_999;
    expect((await book(['a'])).get('a')!.price).toBe(300);
    expect(asked).toEqual([['a'], ['a']]);
  });

  it('leaves a background ask that failed: the price is never used once its window is over, the next sale asks', async () => {
    const asked: string[][] = [];
    let up = true;
    const catalog = (async (_path: string, _schema: unknown, opts?: { body?: unknown }) => {
      const { ids } = opts!.body as { ids: string[] };
      asked.push(ids);
      if (!up) throw new Error('catalog down');
      return { products: ids.map((id) => product(id, 250)) };
    }) as InternalClient;
    let now = 0;
    const book = priceBook(catalog, 2_000, () => now);
    await book(['a']);
    up = false;
    now = 1_500;
    expect((await book(['a'])).get('a')!.price).toBe(250);
    await new Promise((resolve) => setImmediate(resolve));
    now = 2_000;
    await expect(book(['a'])).rejects.toThrow('catalog down');
    expect(asked).toEqual([['a'], ['a'], ['a']]);
  });

  it('keeps no answer for products the catalog does not sell, so a new product sells at once', async () => {
    const prices = new Map([['a', 250]]);
    const { catalog, asked } = fakeCatalog(prices);
    const book = priceBook(catalog, 2_000, () => 0);
    expect((await book(['a', 'x'])).has('x')).toBe(false);
    prices.set('x', 100);
    expect((await book(['a', 'x'])).get('x')!.price).toBe(100);
    expect(asked).toEqual([['a', 'x'], ['x']]);
  });
});
