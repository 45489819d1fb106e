import { AdminCategory, AdminCategoryBody, ApiResponse, ok } from '@kassa/contracts';
import { AppError, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { actorOf, type CatalogContext } from '../../context';
import { assertCategoryNameFree } from '../../admin/categories';
import { adminCategory } from '../../admin/views';
import { categoryModel } from '../../models/category.model';

/** POST /api/admin/categories/: a new category (unique name, #rrggbb colour). */
export default function postAdminCategory(app: ServiceApp, ctx: CatalogContext) {
  app.post(
    '/api/admin/categories/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Create a category', body: AdminCategoryBody, response: { 200: ApiResponse(AdminCategory) } } },
    async (request) => {
      await assertCategoryNameFree(ctx.db, request.body.name);
      // The id is made here, so the audit entry written ahead of the category names it.
      const _id = new Types.ObjectId();
      const created = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'category.create', entity: 'category', entityId: String(_id), before: null, after: adminCategory({ _id, ...request.body }, 0) },
        request.log,
        async () => {
          try {
            return adminCategory((await categoryModel(ctx.db).create({ _id, ...request.body })).toObject(), 0);
          } catch (err) {
            // Two admins at once: the unique index decides.
            if (isDuplicateKey(err)) throw new AppError(409, 'conflict', `There is already a category called ${request.body.name}.`);
            throw err;
          }
        },
        (view) => ({ after: view }),
      );
      return ok(created);
    },
  );
}
