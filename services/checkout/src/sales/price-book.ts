import { PricesResult, type PricedProduct } from '@kassa/contracts';
import type { InternalClient } from '@kassa/service-kit';

/**
 * Catalog prices as checkout last heard them, per product, for `ttlMs` (default 2 s): a busy bar sells the same few
 * products all evening, so most sales need no call to the catalog. Prices still only come from the catalog; a price
 * change reaches the till within the catalog's own 2-s window plus this one (a price is never used once it is `ttlMs`
 * old, counted from when it was asked for). Only products the catalog knows are kept, so the memory is bounded by the
 * catalog, not by what clients send.
 *
 * A price past half its window is still used, and asked for again in the background, so a product that sells often
 * is fresh before it runs out and the sale does not wait for the catalog; only one that has not sold for a while (or a
 * new one) costs its sale the call. A failed refresh is left: the price runs out and the next sale asks itself.
 */
export function priceBook(catalog: InternalClient, ttlMs = 2_000, now: () => number = Date.now) {
  const known = new Map<string, { product: PricedProduct; at: number }>();
  /** Products being asked for in the background, so a busy till does not ask for them once per sale. */
  const refreshing = new Set<string>();

  async function ask(ids: string[], requestId?: string): Promise<void> {
    const at = now();
    const { products } = await catalog('/internal/prices', PricesResult, { body: { ids }, requestId });
    for (const id of ids) known.delete(id);
    for (const product of products) known.set(product.id, { product, at });
  }

  return async function prices(ids: readonly string[], requestId?: string): Promise<Map<string, PricedProduct>> {
    const t = now();
    const age = (id: string) => t - (known.get(id)?.at ?? -Infinity);
    const missing = ids.filter((id) => age(id) >= ttlMs);
    if (missing.length > 0) await ask(missing, requestId);
    const ageing = ids.filter((id) => !missing.includes(id) && !refreshing.has(id) && age(id) >= ttlMs / 2);
    if (ageing.length > 0) {
      for (const id of ageing) refreshing.add(id);
      void ask(ageing)
        .catch(() => undefined)
        .finally(() => ageing.forEach((id) => refreshing.delete(id)));
    }
    return new Map(ids.flatMap((id) => {
      const entry = known.get(id);
      return entry ? [[id, entry.product] as const] : [];
    }));
  };
}
export type PriceBook = ReturnType<typeof priceBook>;
