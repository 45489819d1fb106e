import { AdminProduct, AdminProductsQuery, ApiResponse, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { adminProduct, containing } from '../../admin/views';
import { productModel, type ProductDoc } from '../../models/product.model';

/** GET /api/admin/products/: products by name, 15 a page, with a name search and a category filter (hidden ones too). */
export default function getAdminProducts(app: ServiceApp) {
  app.get(
    '/api/admin/products/',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Products, paged', querystring: AdminProductsQuery, response: { 200: ApiResponse(Paged(AdminProduct)) } },
    },
    async (request) => {
      const { page, perPage, search, categoryId } = request.query;
      const filter: QueryFilter<ProductDoc> = {};
      if (categoryId) filter.categoryId = categoryId;
      if (search?.trim()) filter.name = containing(search.trim());
      const Product = productModel(app.db);
      const [total, docs] = await Promise.all([
        Product.countDocuments(filter),
        Product.find(filter).sort({ name: 1, _id: 1 }).skip((page - 1) * perPage).limit(perPage).lean(),
      ]);
      return ok({ items: docs.map(adminProduct), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
