import { useSyncExternalStore } from 'react';

/** True while the media query matches; follows resizes and rotation. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Wide enough for a persistent navigation rail beside the content. */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';
