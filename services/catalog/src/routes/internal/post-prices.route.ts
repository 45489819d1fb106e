import { ApiResponse, ok, PricesRequest, PricesResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { productModel } from '../../models/product.model';

/** Prices for a checkout: only active products are for sale; unknown ids are simply absent from the answer. */
export default function postPrices(app: ServiceApp) {
  app.post(
    '/internal/prices',
    { preHandler: app.requireInternal, schema: { hide: true, body: PricesRequest, response: { 200: ApiResponse(PricesResult) } } },
    async (request) => {
      const found = await productModel(app.db).find({ _id: { $in: request.body.ids }, active: true }).lean();
      return ok({
        products: found.map((p) => ({ id: String(p._id), name: p.name, price: p.price, deposit: p.deposit ?? false, categoryId: String(p.categoryId) })),
      });
    },
  );
}
