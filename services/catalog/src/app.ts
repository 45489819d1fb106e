import { createServiceApp, ensureIndexes, type ServiceApp } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { CatalogEnv } from './config';
import { categoryModel } from './models/category.model';
import { productModel } from './models/product.model';
import { reasonModel } from './models/reason.model';
import getReasons from './routes/checkout/get-reasons.route';
import postPrices from './routes/internal/post-prices.route';
import getMenu from './routes/products/get-menu.route';
import getProducts from './routes/products/get-products.route';

const routes = [getProducts, getMenu, getReasons, postPrices];

export async function buildCatalogApp(env: CatalogEnv, db: Connection): Promise<ServiceApp> {
  categoryModel(db);
  productModel(db);
  reasonModel(db);
  await ensureIndexes(db);
  const app = await createServiceApp({ name: 'catalog', env, db });
  for (const route of routes) route(app);
  return app;
}
