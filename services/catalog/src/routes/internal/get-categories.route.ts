import { ApiResponse, InternalCategories, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { categoryModel } from '../../models/category.model';

/** Category names for the accounting export's revenue lines (payments). */
export default function getInternalCategories(app: ServiceApp) {
  app.get(
    '/internal/categories',
    { onRequest: app.requireInternal, schema: { hide: true, response: { 200: ApiResponse(InternalCategories) } } },
    async () => ok({ categories: (await categoryModel(app.db).find({}, { name: 1 }).lean()).map((c) => ({ id: String(c._id), name: c.name })) }),
  );
}
