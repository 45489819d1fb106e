import { useEffect, useState } from 'react';

/** How long the mouse rests before the pointer disappears from the TV. */
export const CURSOR_HIDE_MS = 3_000;

/** True once the mouse has not moved for CURSOR_HIDE_MS; a move shows the pointer again. */
export function useIdleCursor(ms = CURSOR_HIDE_MS): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), ms);
    const wake = () => {
      clearTimeout(timer);
      setIdle(false);
      timer = setTimeout(() => setIdle(true), ms);
    };
    window.addEventListener('mousemove', wake);
    window.addEventListener('pointerdown', wake);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('mousemove', wake);
      window.removeEventListener('pointerdown', wake);
    };
  }, [ms]);
  return idle;
}
