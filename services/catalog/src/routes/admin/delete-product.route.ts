import { AdminProduct, ApiResponse, IdParam, ok, ProductSales } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { actorOf, type CatalogContext } from '../../context';
import { productNotFound } from '../../admin/products';
import { adminProduct } from '../../admin/views';
import { productModel } from '../../models/product.model';

/**
 * DELETE /api/admin/products/{id}/: erases a product that was never sold. A sold one answers 409: past sales and counts
 * name it, so it can only be hidden.
 */
export default function deleteAdminProduct(app: ServiceApp, ctx: CatalogContext) {
  app.delete(
    '/api/admin/products/:id/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Delete a product never sold', params: IdParam, response: { 200: ApiResponse(AdminProduct) } } },
    async (request) => {
      const Product = productModel(ctx.db);
      const doc = await Product.findById(request.params.id).lean();
      if (!doc) throw productNotFound();
      // Every sale counts, undone ones too: they still name the product.
      const sold = await ctx.checkout(`/internal/products/${request.params.id}/sales?scope=any`, ProductSales, { requestId: request.id });
      if (sold.count > 0) {
        throw new AppError(409, 'conflict', `${doc.name} is in past sales, so it stays there and in the counts. Hide it instead of deleting it.`);
      }
      const before = adminProduct(doc);
      await ctx.audit.audited({ actor: actorOf(request.user), action: 'product.delete', entity: 'product', entityId: before.id, before, after: null }, request.log, () =>
        Product.deleteOne({ _id: request.params.id }),
      );
      return ok(before);
    },
  );
}
