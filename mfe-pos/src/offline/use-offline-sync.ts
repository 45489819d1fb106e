import { useAppDispatch } from '@kassa/api-client';
import { useCallback, useEffect } from 'react';
import type { TillEffects } from '../checkout/till-effects';
import { offlineNow, waitingCount } from './connection';
import { loadOffline } from './load-offline';

/** While sales wait and the browser claims to be online (it may be wrong), they are tried again this often. */
export const RESEND_EVERY_MS = 30_000;

/**
 * Counts the sales waiting in IndexedDB when the till opens (after a reload or a restart of the tablet), sends them as
 * soon as the network is back, and again every RESEND_EVERY_MS while any wait. Returns "send now" for the badge.
 */
export function useOfflineSync(effects: TillEffects): () => void {
  const dispatch = useAppDispatch();
  const send = useCallback(() => {
    if (offlineNow()) return;
    void loadOffline().then((m) => m.replayWaiting(dispatch, effects));
  }, [dispatch, effects]);
  useEffect(() => {
    // Loaded while online even with nothing waiting, so the offline code is in the browser's cache when it is needed.
    void loadOffline()
      .then((m) => m.refreshWaiting())
      .then((sales) => {
        if (sales.length > 0) send();
      })
      .catch(() => undefined);
    window.addEventListener('online', send);
    // A page the service worker did not load (the first visit; `workerStart` is 0 then) asked for its data before the
    // worker was there: once the worker has taken over (now, or when it does), give it the till's data to keep.
    const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    const warm = () => void loadOffline().then((m) => dispatch(m.warmTillDataFor()));
    const nav = sw ? (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined) : undefined;
    if (sw && (!nav || nav.workerStart === 0)) {
      if (sw.controller) warm();
      else sw.addEventListener('controllerchange', warm, { once: true });
    }
    const timer = window.setInterval(() => {
      if (waitingCount() > 0) send();
    }, RESEND_EVERY_MS);
    return () => {
      window.removeEventListener('online', send);
      sw?.removeEventListener('controllerchange', warm);
      window.clearInterval(timer);
    };
  }, [send, dispatch]);
  return send;
}
