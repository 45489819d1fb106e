import type { MenuCategory, MenuProduct } from '@kassa/contracts';
import { formatMoney } from '@kassa/ui';

/** The menu is read in this many columns (1920 px wide: about 560 px each). */
export const MENU_COLUMNS = 3;
/** Smallest type the menu shrinks to (of its full size) before it spreads over pages instead. */
export const MENU_MIN_SCALE = 0.62;
/** SPEC 9: product names above 36 characters get the long-name style (as on the till's tiles). */
export const LONG_NAME = 36;
const SCALE_STEP = 0.02;
/** Splitting a category over two columns must buy at least this much larger type to be worth it. */
const SPLIT_GAIN = 0.08;

/**
 * Sizes in em of the column's type, as bar-menu.css draws them. They only steer the plan: the screen is measured
 * after drawing and the type shrinks further if a column still overflows.
 */
const EM = {
  heading: 1.4,
  categoryGap: 0.75,
  line: 1.25,
  itemPad: 0.2,
  longFont: 0.72,
  longLine: 0.72 * 1.15,
  char: 0.6,
  priceChar: 0.62,
  nameGap: 0.6,
  inset: 0.22 + 0.45 + 0.2,
  depositTag: 3.8,
};

/** A category, or the part of one that fits in a column; a continued part repeats the category's heading. */
export interface MenuBlock {
  name: string;
  colour: string;
  continued: boolean;
  products: MenuProduct[];
}
export type MenuColumn = MenuBlock[];

export interface MenuPlan {
  /** Multiplies the menu's type size; 1 is the full size. */
  scale: number;
  /** Screens of up to MENU_COLUMNS columns; more than one only when even the smallest type does not fit. */
  pages: MenuColumn[][];
}

/** The measured screen area, in px: the height of a column, its width, and the menu's type size at scale 1. */
export interface MenuBox {
  height: number;
  columnWidth: number;
  fontSize: number;
}

/** "Krat pils (statiegeld)" already says it; others get a small tag. */
export const needsDepositTag = (p: MenuProduct) => p.deposit && !/statiegeld/i.test(p.name);

function itemHeight(p: MenuProduct, columnEm: number): number {
  const long = p.name.length > LONG_NAME;
  const font = long ? EM.longFont : 1;
  const nameEm = columnEm - EM.inset - EM.nameGap - formatMoney(p.price).length * EM.priceChar;
  const textEm = p.name.length * EM.char * font + (needsDepositTag(p) ? EM.depositTag : 0);
  const lines = nameEm > 0 && Number.isFinite(nameEm) ? Math.max(1, Math.ceil(textEm / nameEm)) : 1;
  return Math.max(EM.line, lines * (long ? EM.longLine : EM.line)) + EM.itemPad;
}

interface Sized {
  category: MenuCategory;
  heights: number[];
}

/**
 * Fills columns in menu order up to `capacity` em. With `split`, a category may continue in the next column, but
 * never with its heading and fewer than two lines at the bottom, nor a single line left for the next column.
 */
function pack(sized: Sized[], capacity: number, split: boolean): { columns: MenuColumn[]; tallest: number } {
  const columns: MenuColumn[] = [[]];
  const used = [0];
  const col = () => columns.length - 1;
  const newColumn = () => {
    columns.push([]);
    used.push(0);
  };
  for (const { category, heights } of sized) {
    let from = 0;
    while (from < heights.length) {
      const empty = columns[col()]!.length === 0;
      const room = capacity - used[col()]! - (empty ? 0 : EM.categoryGap) - EM.heading;
      let fit = 0;
      let sum = 0;
      while (from + fit < heights.length && sum + heights[from + fit]! <= room + 1e-9) sum += heights[from + fit++]!;
      const left = heights.length - from;
      if (!split && fit < left) fit = empty ? left : 0;
      if (split && fit < left && left - fit === 1 && fit >= 3) fit -= 1;
      if (fit < Math.min(2, left) && !empty) {
        newColumn();
        continue;
      }
      if (fit === 0) fit = split ? Math.min(left, Math.max(1, Math.min(2, left))) : left;
      const part = heights.slice(from, from + fit).reduce((a, b) => a + b, 0);
      used[col()]! += (empty ? 0 : EM.categoryGap) + EM.heading + part;
      columns[col()]!.push({ name: category.name, colour: category.colour, continued: from > 0, products: category.products.slice(from, from + fit) });
      from += fit;
      if (from < heights.length) newColumn();
    }
  }
  return { columns: columns.filter((c) => c.length > 0), tallest: Math.max(...used) };
}

/** The smallest column height (em) that takes the whole menu in `columns` columns, and those columns. */
function balanced(sized: Sized[], columns: number, split: boolean): { capacity: number; columns: MenuColumn[] } {
  const fits = (c: number) => {
    const r = pack(sized, c, split);
    return r.columns.length <= columns && r.tallest <= c + 1e-6;
  };
  const total = sized.reduce((a, s) => a + EM.heading + EM.categoryGap + s.heights.reduce((x, y) => x + y, 0), 0);
  let lo = 0;
  let hi = Math.max(total, 1);
  while (!fits(hi)) hi *= 2;
  for (let i = 0; i < 40 && hi - lo > 0.01; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return { capacity: hi, columns: pack(sized, hi, split).columns };
}

const size = (categories: MenuCategory[], columnEm: number): Sized[] =>
  categories.map((category) => ({ category, heights: category.products.map((p) => itemHeight(p, columnEm)) }));

/**
 * Lays the menu out for one screen: columns as even as possible, whole categories where that costs little, the
 * largest type (≤ `maxScale`) at which everything fits, or pages of columns at the smallest type. Without a
 * measured screen (`box` null) it only splits the menu into even columns at full size.
 */
export function planMenu(categories: MenuCategory[], box: MenuBox | null, maxScale = 1): MenuPlan {
  if (!box) return { scale: 1, pages: [balanced(size(categories, Infinity), MENU_COLUMNS, false).columns] };

  let whole: { scale: number; columns: MenuColumn[] } | null = null;
  let split: { scale: number; columns: MenuColumn[] } | null = null;
  const top = Math.min(1, Math.max(MENU_MIN_SCALE, maxScale));
  for (let scale = top; scale >= MENU_MIN_SCALE - 1e-9 && !whole; scale = Math.round((scale - SCALE_STEP) * 100) / 100) {
    if (split && scale < split.scale - SPLIT_GAIN) break;
    const fontPx = box.fontSize * scale;
    const sized = size(categories, box.columnWidth / fontPx);
    const available = box.height / fontPx;
    const w = balanced(sized, MENU_COLUMNS, false);
    if (w.capacity <= available) whole = { scale, columns: w.columns };
    else if (!split) {
      const s = balanced(sized, MENU_COLUMNS, true);
      if (s.capacity <= available) split = { scale, columns: s.columns };
    }
  }
  const chosen = whole && (!split || whole.scale >= split.scale - SPLIT_GAIN) ? whole : split;
  if (chosen) return { scale: chosen.scale, pages: [chosen.columns] };

  const fontPx = box.fontSize * MENU_MIN_SCALE;
  const { columns } = pack(size(categories, box.columnWidth / fontPx), box.height / fontPx, true);
  const pages: MenuColumn[][] = [];
  for (let i = 0; i < columns.length; i += MENU_COLUMNS) pages.push(columns.slice(i, i + MENU_COLUMNS));
  return { scale: MENU_MIN_SCALE, pages };
}
