import type { KassaError } from '@kassa/api-client';
import { useSyncExternalStore } from 'react';

/**
 * What the till knows about the network and its offline queue, small enough for the till's first load. The queue
 * itself (IndexedDB, the offline sale, the replay) is in offline-runtime.ts, loaded after the till has drawn.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let waiting = 0;

const emit = () => listeners.forEach((l) => l());

/** The browser says it has no network (also what Playwright's setOffline and a tablet in flight mode give). */
export const offlineNow = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A request that never got an answer: the network, not the server, said no. */
export const isNetworkFailure = (e: KassaError) => e.status === 0 && e.identifier === 'network_error';

export const waitingCount = () => waiting;

export function setWaiting(n: number): void {
  if (n === waiting) return;
  waiting = n;
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export const useOnline = () => useSyncExternalStore(subscribe, () => !offlineNow());
export const useWaitingSales = () => useSyncExternalStore(subscribe, waitingCount);
