import { useSyncExternalStore } from 'react';

/**
 * One MediaQueryList per query, kept: React reads the snapshot on every render and store check, and a new list each
 * time made Blink evaluate the query afresh.
 */
const lists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof window.matchMedia !== 'function') return null;
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
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
