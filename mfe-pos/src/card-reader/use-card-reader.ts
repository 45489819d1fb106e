import { useEffect, useRef } from 'react';

/** SPEC 9: the reader's keystrokes belong together when they come within 50 ms of each other. */
export const CARD_READER_DEBOUNCE_MS = 50;
const START = '$';

/**
 * SPEC 4 "Card-reader input": a member card reader types like a keyboard. Keystrokes that start with "$" while
 * `accepting()` holds (the cart is not empty, no modal open) are gathered into a card secret and handed to
 * `onSecret` 50 ms after the last one (or on Enter). They do not reach the page, so a focused search field stays clean.
 */
export function useCardReader(onSecret: (secret: string) => void, accepting: () => boolean, enabled: boolean): void {
  const handler = useRef(onSecret);
  const ok = useRef(accepting);
  useEffect(() => {
    handler.current = onSecret;
    ok.current = accepting;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let buffer = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      const secret = buffer.slice(START.length);
      buffer = '';
      if (secret.length > 0) handler.current(secret);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (buffer === '') {
        if (e.key !== START || !ok.current()) return;
      } else if (e.key === 'Enter') {
        e.preventDefault();
        e.stopPropagation();
        flush();
        return;
      } else if (e.key.length !== 1) {
        return;
      }
      e.preventDefault();
      e.stopPropagation();
      buffer += e.key;
      clearTimeout(timer);
      timer = setTimeout(flush, CARD_READER_DEBOUNCE_MS);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      clearTimeout(timer);
    };
  }, [enabled]);
}
