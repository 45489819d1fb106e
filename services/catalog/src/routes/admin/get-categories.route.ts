import { AdminCategories, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { adminCategory } from '../../admin/views';
import { categoryModel } from '../../models/category.model';
import { productModel } from '../../models/product.model';

/** GET /api/admin/categories/: every category in till order, with how many products each holds. */
export default function getAdminCategories(app: ServiceApp) {
  app.get(
    '/api/admin/categories/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Categories', response: { 200: ApiResponse(AdminCategories) } } },
    async () => {
      const [cats, products] = await Promise.all([
        categoryModel(app.db).find().sort({ position: 1, name: 1 }).lean(),
        productModel(app.db).find({}, { categoryId: 1 }).lean(),
      ]);
      const counts = new Map<string, number>();
      for (const p of products) counts.set(String(p.categoryId), (counts.get(String(p.categoryId)) ?? 0) + 1);
      return ok({ categories: cats.map((c) => adminCategory(c, counts.get(String(c._id)) ?? 0)) });
    },
  );
}
