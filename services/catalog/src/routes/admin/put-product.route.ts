import { AdminProduct, AdminProductBody, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { actorOf, type CatalogContext } from '../../admin/catalog-context';
import { assertCategory, productNotFound } from '../../admin/products';
import { adminProduct } from '../../admin/views';
import { productModel } from '../../models/product.model';

/** PUT /api/admin/products/{id}/: every field of a product; hiding takes it off the till, past sales keep it. */
export default function putAdminProduct(app: ServiceApp, ctx: CatalogContext) {
  app.put(
    '/api/admin/products/:id/',
    {
      preHandler: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Change a product', params: IdParam, body: AdminProductBody, response: { 200: ApiResponse(AdminProduct) } },
    },
    async (request) => {
      const Product = productModel(ctx.db);
      const doc = await Product.findById(request.params.id).lean();
      if (!doc) throw productNotFound();
      const { hidden, ...fields } = request.body;
      await assertCategory(ctx.db, fields.categoryId);
      const updated = await Product.findByIdAndUpdate(request.params.id, { $set: { ...fields, active: !hidden } }, { new: true }).lean();
      if (!updated) throw productNotFound();
      const before = adminProduct(doc);
      const after = adminProduct(updated);
      await ctx.audit.record({ actor: actorOf(request.user), action: 'product.update', entity: 'product', entityId: after.id, before, after }, request.log);
      return ok(after);
    },
  );
}
