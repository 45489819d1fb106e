import { SalesSettings } from '@kassa/contracts';
import { ttlCache, type InternalClient } from '@kassa/service-kit';

/**
 * The settings a sale obeys, as accounts holds them, kept for `keepMs` (SALES_SETTINGS_CACHE_MS, 2 s by default: a busy
 * bar sells several a second).
 */
export function salesSettings(accounts: InternalClient, keepMs: number): () => Promise<SalesSettings> {
  const cache = ttlCache(keepMs, () => accounts('/internal/settings/sales', SalesSettings));
  return () => cache.get();
}
