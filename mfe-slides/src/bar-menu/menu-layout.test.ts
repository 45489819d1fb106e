import type { MenuCategory } from '@kassa/contracts';
import { describe, expect, it } from 'vitest';
import { MENU_COLUMNS, MENU_MIN_SCALE, planMenu, type MenuBox, type MenuPlan } from './menu-layout';

const category = (name: string, count: number, colour = '#2e86de'): MenuCategory => ({
  name,
  colour,
  products: Array.from({ length: count }, (_, i) => ({ name: `${name} ${i + 1}`, price: 250 + i, deposit: false, adultsOnly: false })),
});

/** The demo catalog's shape: five categories, 32 products. */
const DEMO = [category('Bier', 8), category('Fris', 8), category('Snacks', 7), category('Warme dranken', 4), category('Wijn', 5)];

/** A 1920x1080 screen as the slide measures it: 876 px high columns, 560 px wide, 47.5 px type at full size. */
const TV: MenuBox = { height: 876, columnWidth: 560, fontSize: 47.5 };

const productsIn = (plan: MenuPlan) => plan.pages.flat(2).flatMap((b) => b.products.map((p) => p.name));

describe('planMenu', () => {
  it('fits the demo catalog on one screen of three columns, every product once and in menu order', () => {
    const plan = planMenu(DEMO, TV);
    expect(plan.pages).toHaveLength(1);
    expect(plan.pages[0]).toHaveLength(MENU_COLUMNS);
    expect(plan.scale).toBeGreaterThanOrEqual(0.75);
    expect(productsIn(plan)).toEqual(DEMO.flatMap((c) => c.products.map((p) => p.name)));
  });

  it('repeats the heading of a category that continues in the next column and leaves no line alone', () => {
    const plan = planMenu(DEMO, TV);
    const blocks = plan.pages.flat(2);
    // The demo menu does not fit one column, so at least one category continues: the loop below has work to check.
    expect(DEMO.filter((c) => blocks.filter((b) => b.name === c.name).length > 1).length).toBeGreaterThan(0);
    for (const c of DEMO) {
      const parts = blocks.filter((b) => b.name === c.name);
      expect(parts[0]?.continued).toBe(false);
      expect(parts.slice(1).every((b) => b.continued)).toBe(true);
      if (parts.length > 1) for (const part of parts) expect(part.products.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps a small menu whole and at full size', () => {
    const plan = planMenu([category('Bier', 4), category('Fris', 3)], TV);
    expect(plan.scale).toBe(1);
    expect(plan.pages).toHaveLength(1);
    expect(plan.pages.flat(2).every((b) => !b.continued)).toBe(true);
  });

  it('spreads a large catalog over pages of three columns at the smallest type', () => {
    const large = Array.from({ length: 20 }, (_, i) => category(`Assortiment ${i + 1}`, 8));
    const plan = planMenu(large, TV);
    expect(plan.scale).toBe(MENU_MIN_SCALE);
    expect(plan.pages.length).toBeGreaterThan(1);
    expect(plan.pages.every((p) => p.length <= MENU_COLUMNS)).toBe(true);
    expect(productsIn(plan)).toHaveLength(160);
  });

  it('shrinks no further than a smaller cap allows', () => {
    expect(planMenu(DEMO, TV, 0.7).scale).toBeLessThanOrEqual(0.7);
  });

  it('without a measured screen splits the menu into even columns of whole categories', () => {
    const plan = planMenu(DEMO, null);
    expect(plan.scale).toBe(1);
    expect(plan.pages).toHaveLength(1);
    expect(plan.pages[0]!.length).toBeLessThanOrEqual(MENU_COLUMNS);
    expect(plan.pages.flat(2).every((b) => !b.continued)).toBe(true);
    expect(productsIn(plan)).toHaveLength(32);
  });
});
