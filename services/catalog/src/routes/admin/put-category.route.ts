import { AdminCategory, AdminCategoryBody, ApiResponse, IdParam, ok } from '@kassa/contracts';
import { AppError, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { actorOf, type CatalogContext } from '../../context';
import { assertCategoryNameFree, categoryNotFound, categoryView } from '../../admin/categories';
import { adminCategory } from '../../admin/views';
import { categoryModel } from '../../models/category.model';

/** PUT /api/admin/categories/{id}/: name, colour and order. */
export default function putAdminCategory(app: ServiceApp, ctx: CatalogContext) {
  app.put(
    '/api/admin/categories/:id/',
    {
      onRequest: app.requireRole('bar_committee'),
      schema: { tags: ['admin'], summary: 'Change a category', params: IdParam, body: AdminCategoryBody, response: { 200: ApiResponse(AdminCategory) } },
    },
    async (request) => {
      const Category = categoryModel(ctx.db);
      const doc = await Category.findById(request.params.id).lean();
      if (!doc) throw categoryNotFound();
      await assertCategoryNameFree(ctx.db, request.body.name, request.params.id);
      const before = await categoryView(ctx.db, doc);
      // Its product count is not part of the change (a sale of a new product may change it meanwhile).
      const { productCount: _count, ...expected } = adminCategory({ ...doc, ...request.body }, before.productCount);
      const after = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'category.update', entity: 'category', entityId: before.id, before, after: expected },
        request.log,
        async () => {
          let updated;
          try {
            updated = await Category.findByIdAndUpdate(request.params.id, { $set: request.body }, { returnDocument: 'after' }).lean();
          } catch (err) {
            if (isDuplicateKey(err)) throw new AppError(409, 'conflict', `There is already a category called ${request.body.name}.`);
            throw err;
          }
          if (!updated) throw categoryNotFound();
          return categoryView(ctx.db, updated);
        },
        (view) => ({ after: view }),
      );
      return ok(after);
    },
  );
}
