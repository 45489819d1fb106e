import { AdminProduct, AdminProductBody, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { actorOf, type CatalogContext } from '../../admin/catalog-context';
import { assertCategory } from '../../admin/products';
import { adminProduct } from '../../admin/views';
import { productModel } from '../../models/product.model';

/** POST /api/admin/products/: a new product; on the till and the bar menu at their next refresh (60 s). */
export default function postAdminProduct(app: ServiceApp, ctx: CatalogContext) {
  app.post(
    '/api/admin/products/',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Create a product', body: AdminProductBody, response: { 200: ApiResponse(AdminProduct) } } },
    async (request) => {
      const { hidden, ...fields } = request.body;
      await assertCategory(ctx.db, fields.categoryId);
      const created = adminProduct((await productModel(ctx.db).create({ ...fields, active: !hidden })).toObject());
      await ctx.audit.record({ actor: actorOf(request.user), action: 'product.create', entity: 'product', entityId: created.id, before: null, after: created }, request.log);
      return ok(created);
    },
  );
}
