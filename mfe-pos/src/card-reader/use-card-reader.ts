import { useEffect, useRef } from 'react';

/** SPEC 9: the reader's keystrokes belong together when they come within 50 ms of each other. */
export const CARD_READER_DEBOUNCE_MS = 50;
const START = '$';

/**
 * SPEC 4 "Card-reader input": a member card reader types like a keyboard. Keystrokes that start with "$" are gathered
 * into a card secret and, 50 ms after the last one (or on Enter), handed to `onSecret` if `accepting()` held when the
 * burst began (the cart is not empty, no modal open), else to `onRefused`. Either way they never reach the page: a card
 * secret is never typed into whatever field has focus.
 */
export function useCardReader(onSecret: (secret: string) => void, accepting: () => boolean, enabled: boolean, onRefused?: () => void): void {
  const handler = useRef(onSecret);
  const ok = useRef(accepting);
  const refused = useRef(onRefused);
  useEffect(() => {
    handler.current = onSecret;
    ok.current = accepting;
    refused.current = onRefused;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let buffer = '';
    let accepted = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      const secret = buffer.slice(START.length);
      buffer = '';
      if (secret.length === 0) return;
      if (accepted) handler.current(secret);
      else refused.current?.();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (buffer === '') {
        if (e.key !== START) return;
        accepted = ok.current();
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
