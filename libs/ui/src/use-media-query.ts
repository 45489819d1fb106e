import { useSyncExternalStore } from 'react';

/**
 * One MediaQueryList per query, kept: React reads the snapshot on every render and store check, and a new list each
 * time made Blink evaluate the query afresh. Kept per matchMedia function, so a test that swaps it gets its own lists.
 */
const lists = new WeakMap<typeof window.matchMedia, Map<string, MediaQueryList>>();

function mediaQueryList(query: string): MediaQueryList | null {
  const matchMedia = typeof window.matchMedia === 'function' ? window.matchMedia : null;
  if (!matchMedia) return null;
  let byQuery = lists.get(matchMedia);
  if (!byQuery) lists.set(matchMedia, (byQuery = new Map()));
  let list = byQuery.get(query);
  if (!list) byQuery.set(query, (list = window.matchMedia(query)));
  return list;
}

/** True while the media query matches; follows resizes and rotation. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = mediaQueryList(query);
      if (!mql) return () => undefined;
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}

/** Wide enough for a persistent navigation rail beside the content. */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
