import type { Category, Product } from '@kassa/contracts';
import Fuse from 'fuse.js';

/** SPEC 9: fuzzy search threshold for products, by name. */
export const PRODUCT_SEARCH_THRESHOLD = 0.5;
/** SPEC 9: product names longer than 36 characters get the long-name style. */
export const LONG_PRODUCT_NAME = 36;
/** Best matches shown in "Results"; a loose threshold matches much of a big catalogue, and nobody scans 2,000 tiles. */
export const MAX_RESULTS = 60;

export interface ProductWithColour extends Product {
  colour: string;
}

export interface ProductIndex {
  fuse: Fuse<ProductWithColour>;
}

const indexes = new WeakMap<readonly Category[], ProductIndex>();

/** One Fuse index per product list from the API (kept while RTK Query keeps the same array). */
export function productIndex(categories: readonly Category[]): ProductIndex {
  let index = indexes.get(categories);
  if (!index) {
    const all = categories.flatMap((c) => c.products.map((p) => ({ ...p, colour: c.colour })));
    index = { fuse: new Fuse(all, { keys: ['name'], threshold: PRODUCT_SEARCH_THRESHOLD, ignoreLocation: true }) };
    indexes.set(categories, index);
  }
  return index;
}

/** SPEC 2: a search filters products across all categories into one group "Results". */
export function searchProducts(categories: readonly Category[], query: string): ProductWithColour[] {
  const q = query.trim();
  if (!q) return [];
  return productIndex(categories)
    .fuse.search(q, { limit: MAX_RESULTS })
    .map((r) => r.item);
}
