import { LiveMessage, type LiveTransaction } from '@kassa/contracts';

/** The gateway's server-sent events of completed sales (services/gateway/src/live/live-feed.ts). */
export const LIVE_FEED_URL = '/api/live/transactions';
/** The slide shows this many; older sales scroll off the bottom. */
export const LIVE_FEED_KEEP = 15;
/**
 * EventSource retries by itself while the connection drops; after an answer that is not an event stream (the gateway
 * restarting behind a proxy answers 502) it gives up, and the feed opens a new one after this long.
 */
export const LIVE_FEED_REOPEN_MS = 5_000;

export type LiveFeedStatus = 'connecting' | 'open' | 'reconnecting';

/** A sale on the slide; `undone` once the till or an administrator undid it (the slide strikes it through). */
export type LiveSale = LiveTransaction & { undone?: boolean };

export interface LiveFeedState {
  /** Newest first, at most LIVE_FEED_KEEP. */
  sales: readonly LiveSale[];
  status: LiveFeedStatus;
}

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & {
  onopen: ((ev: Event) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
};
export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;

export interface LiveFeed {
  subscribe(listener: () => void): () => void;
  getSnapshot(): LiveFeedState;
  /** Drops the connection; the next subscriber opens it again. */
  close(): void;
}

/**
 * One connection per remote, opened by the first screen that needs it and kept while the remote lives, so the
 * transactions slide is up to date when the rotation brings it back. The gateway replays the last 20 sales on every
 * (re)connect: a sale already shown is recognised by its id and not added twice.
 */
export function createLiveFeed(
  opts: { url?: string; open?: EventSourceFactory; keep?: number } = {},
): LiveFeed {
  const url = opts.url ?? LIVE_FEED_URL;
  const keep = opts.keep ?? LIVE_FEED_KEEP;
  const open: EventSourceFactory = opts.open ?? ((u) => new EventSource(u));
  const listeners = new Set<() => void>();
  let state: LiveFeedState = { sales: [], status: 'connecting' };
  let source: EventSourceLike | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;

  const set = (next: Partial<LiveFeedState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  // Undos heard, by the sale's announcement id: on a reconnect the replay may bring an undo before its sale.
  const undone = new Set<string>();
  const markUndone = (saleId: string) => {
    undone.add(saleId);
    if (undone.size > 4 * keep) undone.delete(undone.values().next().value!);
    if (state.sales.some((s) => s.id === saleId && !s.undone)) set({ sales: state.sales.map((s) => (s.id === saleId ? { ...s, undone: true } : s)) });
  };

  const add = (heard: LiveTransaction) => {
    if (state.sales.some((s) => s.id === heard.id)) return;
    const sale: LiveSale = undone.has(heard.id) ? { ...heard, undone: true } : heard;
    // Sales missed during a dropped connection arrive in the replay after newer ones; order by time, not arrival.
    const sales = [sale, ...state.sales].sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, keep);
    if (sales.includes(sale)) set({ sales });
  };

  const connect = () => {
    if (source || reopenTimer) return;
    const es = open(url);
    source = es;
    es.onopen = () => {
      if (source === es && state.status !== 'open') set({ status: 'open' });
    };
    es.onerror = () => {
      if (source !== es) return;
      if (es.readyState === CLOSED) {
        source = null;
        reopenTimer = setTimeout(() => {
          reopenTimer = null;
          connect();
        }, LIVE_FEED_REOPEN_MS);
      }
      if (state.status !== 'reconnecting') set({ status: 'reconnecting' });
    };
    es.addEventListener('transaction', (event) => {
      if (source !== es) return;
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      const parsed = LiveMessage.safeParse(data);
      if (!parsed.success) return;
      if ('undoes' in parsed.data) markUndone(parsed.data.undoes);
      else add(parsed.data);
    });
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      connect();
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
    close() {
      if (reopenTimer) clearTimeout(reopenTimer);
      reopenTimer = null;
      source?.close();
      source = null;
      if (state.status !== 'connecting') set({ status: 'connecting' });
    },
  };
}
