import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createLiveFeed, type LiveFeed, type LiveFeedState } from './live-feed';

const LiveFeedContext = createContext<LiveFeed | null>(null);

/** Holds the remote's one live feed; `feed` replaces it in tests. The connection ends when the remote unmounts. */
export function LiveFeedProvider({ feed, children }: { feed?: LiveFeed; children: ReactNode }) {
  const [own] = useState(() => feed ?? createLiveFeed());
  useEffect(() => () => own.close(), [own]);
  return <LiveFeedContext.Provider value={own}>{children}</LiveFeedContext.Provider>;
}

/** The recent sales, newest first, and the connection state; connects on first use. */
export function useLiveFeed(): LiveFeedState {
  const feed = useContext(LiveFeedContext);
  if (!feed) throw new Error('useLiveFeed needs a LiveFeedProvider');
  return useSyncExternalStore(feed.subscribe, feed.getSnapshot);
}
