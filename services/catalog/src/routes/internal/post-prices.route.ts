import { ApiResponse, ok, PricesRequest, PricesResult, type PricedProduct } from '@kassa/contracts';
import { ttlCache, type ServiceApp } from '@kassa/service-kit';
import { productModel } from '../../models/product.model';

/** An id the kept catalog does not know makes it load again when it is older than this (a product just created). */
const UNKNOWN_ID_RELOAD_MS = 250;

/**
 * Prices for a checkout: only active products are for sale; unknown ids are simply absent from the answer.
 * Every sale asks, so the active catalog is held for 2 s (FerretDB scans the collection on every query); a price [ferretdb:scan]
 * change reaches the till within that window. A product created a moment ago is sold at once: an id not in the kept
 * catalog loads it again, at most four times a second however many unknown ids arrive.
 */
export default function postPrices(app: ServiceApp) {
  const active = ttlCache(2000, async () => {
    const found = await productModel(app.db).find({ active: true }).lean();
    return new Map<string, PricedProduct>(
      found.map((p) => [String(p._id), { id: String(p._id), name: p.name, price: p.price, deposit: (p.depositAmount ?? 0) > 0 || (p.deposit ?? false), depositAmount: p.depositAmount ?? 0, categoryId: String(p.categoryId), vatRate: p.vatRate ?? 21, adultsOnly: p.adultsOnly ?? false }]),
    );
  });
  // A product created, changed or hidden through this process is for sale (or not) at the next sale.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.url.startsWith('/api/admin/products/') && reply.statusCode < 400) active.clear();
  });
  app.post(
    '/internal/prices',
    { onRequest: app.requireInternal, schema: { hide: true, body: PricesRequest, response: { 200: ApiResponse(PricesResult) } } },
    async (request) => {
      let byId = await active.get();
      if (request.body.ids.some((id) => !byId.has(id))) byId = await active.get(UNKNOWN_ID_RELOAD_MS);
      return ok({ products: request.body.ids.flatMap((id) => byId.get(id) ?? []) });
    },
  );
}
