import { AdminProduct, AdminProductBody, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { actorOf, type CatalogContext } from '../../context';
import { assertCategory, productNotFound } from '../../admin/products';
import { adminProduct } from '../../admin/views';
import { productModel } from '../../models/product.model';

/** PUT /api/admin/products/{id}/: every field of a product; hiding takes it off the till, past sales keep it. */
export default function putAdminProduct(app: ServiceApp, ctx: CatalogContext) {
  app.put(
    '/api/admin/products/:id/',
    {
      onRequest: app.requireRole('bar_committee'),
      schema: { tags: ['admin'], summary: 'Change a product', params: IdParam, body: AdminProductBody, response: { 200: ApiResponse(AdminProduct) } },
    },
    async (request) => {
      const Product = productModel(ctx.db);
      const doc = await Product.findById(request.params.id).lean();
      if (!doc) throw productNotFound();
      const { hidden, ...body } = request.body;
      // The flag follows the amount: a product has a deposit exactly when it has an amount.
      const fields = { ...body, deposit: body.depositAmount > 0 };
      await assertCategory(ctx.db, fields.categoryId);
      const before = adminProduct(doc);
      const after = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'product.update', entity: 'product', entityId: before.id, before, after: adminProduct({ ...doc, ...fields, categoryId: new Types.ObjectId(fields.categoryId), active: !hidden }) },
        request.log,
        async () => {
          const updated = await Product.findByIdAndUpdate(request.params.id, { $set: { ...fields, active: !hidden } }, { returnDocument: 'after' }).lean();
          if (!updated) throw productNotFound();
          return adminProduct(updated);
        },
        (view) => ({ after: view }),
      );
      return ok(after);
    },
  );
}
