import { AdminCategory, ApiResponse, IdParam, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { actorOf, type CatalogContext } from '../../context';
import { categoryNotFound } from '../../admin/categories';
import { adminCategory } from '../../admin/views';
import { categoryModel } from '../../models/category.model';
import { productModel } from '../../models/product.model';

/** DELETE /api/admin/categories/{id}/: only an empty category; one with products (hidden ones too) answers 409. */
export default function deleteAdminCategory(app: ServiceApp, ctx: CatalogContext) {
  app.delete(
    '/api/admin/categories/:id/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Delete an empty category', params: IdParam, response: { 200: ApiResponse(AdminCategory) } } },
    async (request) => {
      const doc = await categoryModel(ctx.db).findById(request.params.id).lean();
      if (!doc) throw categoryNotFound();
      const products = await productModel(ctx.db).countDocuments({ categoryId: doc._id });
      if (products > 0) {
        throw new AppError(409, 'conflict', `${doc.name} still holds ${products} product${products === 1 ? '' : 's'}. Move or delete them first.`);
      }
      const before = adminCategory(doc, 0);
      await ctx.audit.audited({ actor: actorOf(request.user), action: 'category.delete', entity: 'category', entityId: before.id, before, after: null }, request.log, () =>
        categoryModel(ctx.db).deleteOne({ _id: doc._id }),
      );
      return ok(before);
    },
  );
}
