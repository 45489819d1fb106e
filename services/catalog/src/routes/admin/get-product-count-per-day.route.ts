import { ApiResponse, IdParam, ok, ProductCountPerDay, ProductCountPerDayQuery, ProductSales } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CatalogContext } from '../../context';
import { productNotFound } from '../../admin/products';
import { productModel } from '../../models/product.model';

/** GET /api/admin/products/{id}/count_per_day/?year=: units sold per Dutch day of that year, for the year chart. */
export default function getAdminProductCountPerDay(app: ServiceApp, ctx: CatalogContext) {
  app.get(
    '/api/admin/products/:id/count_per_day/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Units sold of a product per day of a year',
        params: IdParam,
        querystring: ProductCountPerDayQuery,
        response: { 200: ApiResponse(ProductCountPerDay) },
      },
    },
    async (request) => {
      if (!(await productModel(ctx.db).exists({ _id: request.params.id }))) throw productNotFound();
      const { year } = request.query;
      const sales = await ctx.checkout(`/internal/products/${request.params.id}/sales?start=${year}-01-01&end=${year}-12-31&perDay=1`, ProductSales, { requestId: request.id });
      return ok({ year, days: sales.days });
    },
  );
}
