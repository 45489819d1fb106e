/**
 * Registers the service worker (sw.js, built with the shell) that lets a till start with no network once it has
 * loaded (shell/src/sw/service-worker.ts). A development build (`npm run dev`) has none, and removes one a production
 * build on the same address left behind, so hot updates are never answered from a cache.
 */
import { PRODUCTION_BUILD } from '../config';
import { CLAIM_MESSAGE } from './messages';

export function registerServiceWorker(firstScreen: Promise<unknown> = Promise.resolve()): void {
  if (!('serviceWorker' in navigator)) return;
  if (!PRODUCTION_BUILD) {
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
    return;
  }
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // A page whose load began before the worker was active, and was still loading when it activated, is not one of
        // the pages it took over then (a page is taken only once it runs): without this it would stay on the network
        // until reloaded, and a till opened then would not work offline. The worker takes it when asked.
        if (!navigator.serviceWorker.controller) registration.active?.postMessage({ type: CLAIM_MESSAGE });
      })
      .catch(() => undefined);
  };
  // Once the page has loaded, its remote has arrived (or failed) and the main thread is idle: a worker installing on a
  // first visit fetches every file of the till and then takes the page over, and doing that while the till was still
  // starting cost its first usable tap about a second at 4x CPU slowdown (bench/frontend; 4,431 against 3,461 ms, the
  // median of 8 cold loads each with the worker allowed and blocked).
  window.addEventListener(
    'load',
    () => {
      void firstScreen
        .catch(() => undefined)
        .then(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(register, { timeout: 3000 }) : setTimeout(register, 0)));
    },
    { once: true },
  );
}
