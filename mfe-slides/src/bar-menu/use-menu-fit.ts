import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** Smallest type the menu shrinks to (of its full size) before it spreads over pages instead. */
export const MENU_MIN_SCALE = 0.62;
const STEP = 0.04;

export interface MenuFit {
  /** Multiplies the menu's type size; 1 is the full size. */
  scale: number;
  /** Screens of columns the menu needs at `scale`; more than 1 only when even the smallest type does not fit. */
  pages: number;
}

/**
 * Fits a multi-column menu to the screen: the columns element has a fixed height and `column-fill: auto`, so content
 * that does not fit flows into extra columns to the right, which shows as scrollWidth > clientWidth. The type shrinks
 * step by step until nothing overflows; at the smallest size the overflow columns become pages. Runs before paint,
 * so a new catalog never shows half-fitted.
 */
export function useMenuFit(ref: RefObject<HTMLElement | null>, content: unknown): MenuFit {
  const [fit, setFit] = useState<MenuFit>({ scale: 1, pages: 1 });
  const [viewport, setViewport] = useState(() => `${window.innerWidth}x${window.innerHeight}`);

  useEffect(() => {
    const onResize = () => setViewport(`${window.innerWidth}x${window.innerHeight}`);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const overflows = () => el.scrollWidth > el.clientWidth + 1;
    const apply = (s: number) => el.style.setProperty('--menu-scale', s.toFixed(2));
    let scale = 1;
    apply(scale);
    while (overflows() && scale > MENU_MIN_SCALE) {
      scale = Math.max(MENU_MIN_SCALE, Math.round((scale - STEP) * 100) / 100);
      apply(scale);
    }
    let pages = 1;
    if (overflows()) {
      const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
      pages = Math.max(1, Math.round((el.scrollWidth + gap) / (el.clientWidth + gap)));
    }
    setFit((prev) => (prev.scale === scale && prev.pages === pages ? prev : { scale, pages }));
  }, [ref, content, viewport]);

  return fit;
}
