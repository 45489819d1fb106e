import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left of a countdown that calls `onExpire` when it reaches 0 (message dialog 10 s, price modal 60 s).
 * Counted against a deadline, so a slow tick never stretches the total. While `active` is false it waits, and goes on
 * from where it was. Remount (key) to restart.
 */
export function useCountdown(seconds: number, onExpire: () => void, active = true): number {
  const [remaining, setRemaining] = useState(seconds);
  const left = useRef(seconds);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });
  useEffect(() => {
    if (!active) return undefined;
    const deadline = Date.now() + left.current * 1000;
    const id = setInterval(() => {
      const secondsLeft = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      left.current = secondsLeft;
      setRemaining(secondsLeft);
      if (secondsLeft === 0) {
        clearInterval(id);
        expire.current();
      }
    }, 1000);
    return () => clearInterval(id);
  }, [seconds, active]);
  return remaining;
}
