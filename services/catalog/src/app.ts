import { auditClient, createServiceApp, ensureIndexes, internalClient, registerRoutes, serviceUrls, type ServiceApp } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { CatalogContext } from './context';
import type { CatalogEnv } from './config';
import { categoryModel } from './models/category.model';
import { productModel } from './models/product.model';
import { reasonModel } from './models/reason.model';
import { registerAuditChecks } from './admin/audit-checks';

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
  await registerRoutes(app, new URL('./routes/', import.meta.url), ctx);
  return app;
}
