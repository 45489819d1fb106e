import { SalesSettings } from '@kassa/contracts';
import { ttlCache, type InternalClient } from '@kassa/service-kit';

/** A changed setting reaches the sales within this. */
const KEEP_MS = 2_000;

/** The settings a sale obeys, as accounts holds them, kept for two seconds (a busy bar sells several a second). */
export function salesSettings(accounts: InternalClient): () => Promise<SalesSettings> {
  const cache = ttlCache(KEEP_MS, () => accounts('/internal/settings/sales', SalesSettings));
  return () => cache.get();
}
