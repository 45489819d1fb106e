import type { Category, Product } from '@kassa/contracts';
import { Fuse } from '../search/fuzzy';

/** SPEC 9: fuzzy search threshold for products, by name. */
export const PRODUCT_SEARCH_THRESHOLD = 0.5;
/** SPEC 9: product names longer than 36 characters get the long-name style. */
export const LONG_PRODUCT_NAME = 36;
/**
 * Result tiles drawn at once, best matches first; "Show more" adds the next page. A loose threshold matches much of a
 * big catalogue, and drawing 2,000 tiles on a keystroke would make typing lag. 36 fill a tablet's screen (full rows of
 * 3, 4 or 6 tiles); 60 cost about half as much again per keystroke (bench/frontend).
 */
export const RESULTS_PAGE = 36;

export interface ProductWithColour extends Product {
  colour: string;
}

interface ProductIndex {
  fuse: Fuse<ProductWithColour>;
  /** Each product's name folded for the literal tiers, and its words, by its place in the index (Fuse's refIndex):
   * worked out once, not on every keystroke. */
  folded: { name: string; words: string[] }[];
  /** The answers to the last searches, newest last: backspacing (and typing the same letters again) reuses them. */
  answers: Map<string, ProductWithColour[]>;
}

/**
 * Answers kept per product list: a backspace, or the same letters typed again, costs no search. An answer kept costs an
 * array of references; a search of 2,000 products costs about 1 ms and its result objects (search/fuzzy.ts).
 */
const KEPT_ANSWERS = 64;

const indexes = new WeakMap<readonly Category[], ProductIndex>();

/** One Fuse index per product list from the API (kept while RTK Query keeps the same array). */
function productIndex(categories: readonly Category[]): ProductIndex {
  let index = indexes.get(categories);
  if (!index) {
    const all = categories.flatMap((c) => c.products.map((p) => ({ ...p, colour: c.colour })));
    const folded = all.map((p) => foldName(p.name));
    // Unsorted, with scores: searchProducts sorts once, by tier and then as Fuse would (score, then list order).
    const fuse = new Fuse(all, { keys: ['name'], threshold: PRODUCT_SEARCH_THRESHOLD, ignoreLocation: true, shouldSort: false, includeScore: true });
    index = { fuse, folded, answers: new Map() };
    indexes.set(categories, index);
  }
  return index;
}

/**
 * Builds the index in idle time once a product list arrives, so the first keystroke does not pay for it, then runs a
 * few searches of the kind staff type (the first letters of a product's name), each in an idle moment of its own: the
 * browser compiles the search code then, not on the first keystroke of the evening (measured: a cold search of 2,000
 * products takes 3-5 times as long as a warm one). Returns the cancel function (an effect's clean-up).
 */
export function prepareProductIndex(categories: readonly Category[]): () => void {
  const name = categories.find((c) => c.products.length > 0)?.products[0]?.name ?? '';
  const steps = [() => void productIndex(categories), ...[1, 2, 3, 4].filter((n) => n <= name.length).map((n) => () => void searchProducts(categories, name.slice(0, n)))];
  let cancel = () => {};
  const next = (i: number) => {
    const step = steps[i];
    if (!step) return;
    const run = () => {
      step();
      next(i + 1);
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 2000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 200);
      cancel = () => clearTimeout(id);
    }
  };
  next(0);
  return () => cancel();
}

const fold = (text: string) => text.normalize('NFC').toLocaleLowerCase('nl-NL');
const foldName = (name: string) => {
  const folded = fold(name);
  return { name: folded, words: folded.split(/[\s\-/(]+/) };
};

/** How plainly a name answers the query: the name itself, then names that start with it, then a word that does. */
function tier({ name, words }: { name: string; words: string[] }, q: string): number {
  if (name === q) return 0;
  if (name.startsWith(q)) return 1;
  if (words.some((word) => word.startsWith(q))) return 2;
  return 3;
}

/**
 * SPEC 2: a search filters products across all categories into one group "Results". Fuzzy matching (SPEC 9 threshold)
 * decides what is found; what staff typed literally comes first: "cola" puts Cola, Cola zero and Fles cola before
 * Koffie. Within a tier Fuse's order stands: the better score first, then the list's order.
 */
export function searchProducts(categories: readonly Category[], query: string): ProductWithColour[] {
  const q = query.trim();
  if (!q) return [];
  const { fuse, folded: names, answers } = productIndex(categories);
  const kept = answers.get(q);
  if (kept) return kept;
  const folded = fold(q);
  const answer = fuse
    .search(q)
    .map((r) => ({ item: r.item, tier: tier(names[r.refIndex]!, folded), score: r.score ?? 0, at: r.refIndex }))
    .sort((a, b) => a.tier - b.tier || a.score - b.score || a.at - b.at)
    .map((r) => r.item);
  answers.set(q, answer);
  if (answers.size > KEPT_ANSWERS) answers.delete(answers.keys().next().value!);
  return answer;
}
