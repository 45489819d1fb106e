import { AdminProductsAll, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { adminProduct } from '../../admin/views';
import { productModel } from '../../models/product.model';

/** GET /api/admin/products/all/: every product, hidden ones too, by name (pickers and exports). */
export default function getAdminProductsAll(app: ServiceApp) {
  app.get(
    '/api/admin/products/all/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'All products', response: { 200: ApiResponse(AdminProductsAll) } } },
    async () => ok({ products: (await productModel(app.db).find().sort({ name: 1, _id: 1 }).lean()).map(adminProduct) }),
  );
}
