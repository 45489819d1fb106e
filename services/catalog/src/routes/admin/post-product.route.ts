import { AdminProduct, AdminProductBody, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { actorOf, type CatalogContext } from '../../context';
import { assertCategory } from '../../admin/products';
import { adminProduct } from '../../admin/views';
import { productModel } from '../../models/product.model';

/** POST /api/admin/products/: a new product; on the till and the bar menu at their next refresh (60 s). */
export default function postAdminProduct(app: ServiceApp, ctx: CatalogContext) {
  app.post(
    '/api/admin/products/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Create a product', body: AdminProductBody, response: { 200: ApiResponse(AdminProduct) } } },
    async (request) => {
      const { hidden, ...body } = request.body;
      // The flag follows the amount: a product has a deposit exactly when it has an amount.
      const fields = { ...body, deposit: body.depositAmount > 0 };
      await assertCategory(ctx.db, fields.categoryId);
      // The id is made here, so the audit entry written ahead of the product names it.
      const doc = { _id: new Types.ObjectId(), ...fields, active: !hidden };
      const created = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'product.create', entity: 'product', entityId: String(doc._id), before: null, after: adminProduct({ ...doc, categoryId: new Types.ObjectId(fields.categoryId) }) },
        request.log,
        async () => adminProduct((await productModel(ctx.db).create(doc)).toObject()),
        (view) => ({ after: view }),
      );
      return ok(created);
    },
  );
}
