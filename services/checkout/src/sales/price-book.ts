import { PricesResult, type PricedProduct } from '@kassa/contracts';
import type { InternalClient } from '@kassa/service-kit';

/**
 * Catalog prices as checkout last heard them, per product, for `ttlMs` (default 2 s): a busy bar sells the same few
 * products all evening, so most sales need no call to the catalog. Prices still only come from the catalog; a price
 * change reaches the till within the catalog's own 2-s window plus this one. Only products the catalog knows are
 * kept, so the memory is bounded by the catalog, not by what clients send.
 */
export function priceBook(catalog: InternalClient, ttlMs = 2_000, now: () => number = Date.now) {
  const known = new Map<string, { product: PricedProduct; at: number }>();
  return async function prices(ids: readonly string[], requestId?: string): Promise<Map<string, PricedProduct>> {
    const t = now();
    const missing = ids.filter((id) => {
      const entry = known.get(id);
      return !entry || t - entry.at >= ttlMs;
    });
    if (missing.length > 0) {
      const { products } = await catalog('/internal/prices', PricesResult, { body: { ids: missing }, requestId });
      for (const id of missing) known.delete(id);
      for (const product of products) known.set(product.id, { product, at: t });
    }
    return new Map(ids.flatMap((id) => {
      const entry = known.get(id);
      return entry ? [[id, entry.product] as const] : [];
    }));
  };
}
export type PriceBook = ReturnType<typeof priceBook>;
