import type { Category, Product } from '@kassa/contracts';
import Fuse from 'fuse.js';

/** SPEC 9: fuzzy search threshold for products, by name. */
export const PRODUCT_SEARCH_THRESHOLD = 0.5;
/** SPEC 9: product names longer than 36 characters get the long-name style. */
export const LONG_PRODUCT_NAME = 36;
/**
 * Result tiles drawn at once, best matches first; "Show more" adds the next page. A loose threshold matches much of a
 * big catalogue, and drawing 2,000 tiles on a keystroke would make typing lag.
 */
export const RESULTS_PAGE = 60;

export interface ProductWithColour extends Product {
  colour: string;
}

const indexes = new WeakMap<readonly Category[], Fuse<ProductWithColour>>();

/** One Fuse index per product list from the API (kept while RTK Query keeps the same array). */
function productIndex(categories: readonly Category[]): Fuse<ProductWithColour> {
  let index = indexes.get(categories);
  if (!index) {
    const all = categories.flatMap((c) => c.products.map((p) => ({ ...p, colour: c.colour })));
    index = new Fuse(all, { keys: ['name'], threshold: PRODUCT_SEARCH_THRESHOLD, ignoreLocation: true });
    indexes.set(categories, index);
  }
  return index;
}

/**
 * Builds the index in idle time once a product list arrives, so the first keystroke does not pay for it.
 * Returns the cancel function (an effect's clean-up).
 */
export function prepareProductIndex(categories: readonly Category[]): () => void {
  const build = () => void productIndex(categories);
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(build, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(build, 200);
  return () => clearTimeout(id);
}

const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase('nl-NL');

/** How plainly a name answers the query: the name itself, then names that start with it, then a word that does. */
function tier(name: string, q: string): number {
  const n = fold(name);
  if (n === q) return 0;
  if (n.startsWith(q)) return 1;
  if (n.split(/[\s\-/(]+/).some((word) => word.startsWith(q))) return 2;
  return 3;
}

/**
 * SPEC 2: a search filters products across all categories into one group "Results". Fuzzy matching (SPEC 9 threshold)
 * decides what is found; what staff typed literally comes first: "cola" puts Cola, Cola zero and Fles cola before
 * Koffie. Within a tier Fuse's order stands (the sort is stable).
 */
export function searchProducts(categories: readonly Category[], query: string): ProductWithColour[] {
  const q = query.trim();
  if (!q) return [];
  const folded = fold(q);
  return productIndex(categories)
    .search(q)
    .map((r) => ({ item: r.item, tier: tier(r.item.name, folded) }))
    .sort((a, b) => a.tier - b.tier)
    .map((r) => r.item);
}
