import { ApiResponse, IdParam, ok, ProductCount, ProductCountQuery, ProductSales } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CatalogContext } from '../../context';
import { productNotFound } from '../../admin/products';
import { productModel } from '../../models/product.model';

/** GET /api/admin/products/{id}/count/?start=: units sold (completed, not undone) from that Dutch day on, or ever. */
export default function getAdminProductCount(app: ServiceApp, ctx: CatalogContext) {
  app.get(
    '/api/admin/products/:id/count/',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Units sold of a product', params: IdParam, querystring: ProductCountQuery, response: { 200: ApiResponse(ProductCount) } },
    },
    async (request) => {
      if (!(await productModel(ctx.db).exists({ _id: request.params.id }))) throw productNotFound();
      const start = request.query.start ?? null;
      const sales = await ctx.checkout(`/internal/products/${request.params.id}/sales${start ? `?start=${start}` : ''}`, ProductSales, { requestId: request.id });
      return ok({ count: sales.count, start });
    },
  );
}
