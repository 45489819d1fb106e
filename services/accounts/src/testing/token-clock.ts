import { vi } from 'vitest';

/**
 * Tokens carry whole seconds (`iat`), so "a reset ends older tokens" needs the reset a second after the token. Instead
 * of sleeping for it, the test's clock (Date only; timers stay real) is put a second and a bit ahead and keeps running.
 * `realClock()` in afterAll puts it back.
 */
export function secondLater(): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: now + 1_100 });
}

export function realClock(): void {
  vi.useRealTimers();
}
