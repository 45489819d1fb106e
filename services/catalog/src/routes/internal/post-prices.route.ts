import { ApiResponse, ok, PricesRequest, PricesResult, type PricedProduct } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { productModel } from '../../models/product.model';
import { ttlCache } from '../../ttl-cache';

/**
 * Prices for a checkout: only active products are for sale; unknown ids are simply absent from the answer.
 * Every sale asks, so the active catalog is held for 2 s (FerretDB scans the collection on every query); a price
 * change reaches the till within that window.
 */
export default function postPrices(app: ServiceApp) {
  const active = ttlCache(2000, async () => {
    const found = await productModel(app.db).find({ active: true }).lean();
    return new Map<string, PricedProduct>(
      found.map((p) => [String(p._id), { id: String(p._id), name: p.name, price: p.price, deposit: p.deposit ?? false, categoryId: String(p.categoryId), vatRate: p.vatRate ?? 21 }]),
    );
  });
  app.post(
    '/internal/prices',
    { preHandler: app.requireInternal, schema: { hide: true, body: PricesRequest, response: { 200: ApiResponse(PricesResult) } } },
    async (request) => {
      const byId = await active.get();
      return ok({ products: request.body.ids.flatMap((id) => byId.get(id) ?? []) });
    },
  );
}
