/**
 * Registers the service worker (sw.js, built with the shell) that lets a till start with no network once it has
 * loaded (shell/src/sw/service-worker.ts). A development build (`npm run dev`) has none, and removes one a production
 * build on the same address left behind, so hot updates are never answered from a cache.
 */
import { PRODUCTION_BUILD } from '../config';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (!PRODUCTION_BUILD) {
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
    return;
  }
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
