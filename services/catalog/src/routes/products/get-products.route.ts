import { ApiResponse, ok, ProductsResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { loadCategories } from '../../catalog-read';

export default function getProducts(app: ServiceApp) {
  app.get(
    '/api/products/',
    {
      onRequest: app.authenticate,
      schema: { tags: ['catalog'], summary: 'Products for sale, grouped by category', response: { 200: ApiResponse(ProductsResult) } },
    },
    async () => ok({ categories: await loadCategories(app.db) }),
  );
}
