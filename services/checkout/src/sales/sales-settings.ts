import { SalesSettings, type AgeCheck } from '@kassa/contracts';
import { ttlCache, type InternalClient } from '@kassa/service-kit';

/**
 * The settings a sale obeys, as accounts holds them, kept for `keepMs` (SALES_SETTINGS_CACHE_MS, 2 s by default: a busy
 * bar sells several a second).
 */
export function salesSettings(accounts: InternalClient, keepMs: number): () => Promise<SalesSettings> {
  const cache = ttlCache(keepMs, () => accounts('/internal/settings/sales', SalesSettings));
  return () => cache.get();
}

/**
 * The age check a sale obeys. When accounts cannot say, a sale made now is held to 'ask': the till asks and sends it
 * again confirmed, so beer still sells while accounts is away, and never unasked. A replayed offline sale (`replay`)
 * fails as before and its till sends it again later: a refusal would be final for a sale already made.
 */
export async function ageCheckFor(settings: () => Promise<SalesSettings>, replay: boolean): Promise<AgeCheck> {
  if (replay) return (await settings()).ageCheck;
  return settings().then(
    (s) => s.ageCheck,
    (): AgeCheck => 'ask',
  );
}
