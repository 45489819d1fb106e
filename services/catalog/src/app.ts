import { auditClient, createServiceApp, ensureIndexes, internalClient, serviceUrls, type ServiceApp } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { CatalogContext } from './admin/catalog-context';
import type { CatalogEnv } from './config';
import { categoryModel } from './models/category.model';
import { productModel } from './models/product.model';
import { reasonModel } from './models/reason.model';
import deleteAdminCategory from './routes/admin/delete-category.route';
import getAdminBarMenu from './routes/admin/get-bar-menu.route';
import putAdminBarMenu from './routes/admin/put-bar-menu.route';
import deleteAdminProduct from './routes/admin/delete-product.route';
import deleteAdminReason from './routes/admin/delete-reason.route';
import getAdminCategories from './routes/admin/get-categories.route';
import getAdminProductCountPerDay from './routes/admin/get-product-count-per-day.route';
import getAdminProductCount from './routes/admin/get-product-count.route';
import getAdminProductsAll from './routes/admin/get-products-all.route';
import getAdminProducts from './routes/admin/get-products.route';
import getAdminReasons from './routes/admin/get-reasons.route';
import postAdminCategory from './routes/admin/post-category.route';
import postAdminProduct from './routes/admin/post-product.route';
import postAdminReason from './routes/admin/post-reason.route';
import putAdminCategory from './routes/admin/put-category.route';
import putAdminProduct from './routes/admin/put-product.route';
import putAdminReason from './routes/admin/put-reason.route';
import getReasons from './routes/checkout/get-reasons.route';
import postPrices from './routes/internal/post-prices.route';
import getInternalCategories from './routes/internal/get-categories.route';
import getMenu from './routes/products/get-menu.route';
import getProducts from './routes/products/get-products.route';
import { registerAuditChecks } from './admin/audit-checks';

const routes = [
  getProducts,
  getMenu,
  getReasons,
  postPrices,
  getInternalCategories,
  getAdminProducts,
  getAdminProductsAll,
  postAdminProduct,
  putAdminProduct,
  deleteAdminProduct,
  getAdminProductCount,
  getAdminProductCountPerDay,
  getAdminCategories,
  postAdminCategory,
  putAdminCategory,
  deleteAdminCategory,
  getAdminReasons,
  postAdminReason,
  putAdminReason,
  deleteAdminReason,
  getAdminBarMenu,
  putAdminBarMenu,
];

/** The catalog service; `deps` replaces the clients of other services (the test stack wires checkout after it starts). */
export async function buildCatalogApp(env: CatalogEnv, db: Connection, deps: Partial<Pick<CatalogContext, 'checkout' | 'audit' | 'now'>> = {}): Promise<ServiceApp> {
  categoryModel(db);
  productModel(db);
  reasonModel(db);
  await ensureIndexes(db);
  const app = await createServiceApp({ name: 'catalog', env, db });
  const ctx: CatalogContext = {
    env,
    db,
    audit: deps.audit ?? auditClient(serviceUrls(env, 'accounts'), env.INTERNAL_TOKEN, { service: 'catalog', outbox: db }),
    checkout: deps.checkout ?? internalClient(serviceUrls(env, 'checkout'), env.INTERNAL_TOKEN),
    now: deps.now ?? (() => new Date()),
  };
  registerAuditChecks(ctx);
  app.addHook('onClose', () => ctx.audit.close());
  for (const route of routes) route(app, ctx);
  return app;
}
