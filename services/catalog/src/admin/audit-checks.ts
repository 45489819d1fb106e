import { viewCheck } from '@kassa/service-kit';
import { categoryModel } from '../models/category.model';
import { productModel } from '../models/product.model';
import { reasonModel } from '../models/reason.model';
import { barMenu, menuSummary } from './bar-menu';
import type { CatalogContext } from '../context';
import { categoryView } from './categories';
import { adminProduct, adminReason } from './views';

/**
 * How the audit relay tells whether an admin change whose entry was left pending (the process died in between)
 * happened: each entity's audit view as it is now, compared with the entry's `after`.
 */
export function registerAuditChecks(ctx: Pick<CatalogContext, 'db' | 'audit'>) {
  const { db, audit } = ctx;
  audit.check(
    'product',
    viewCheck(async (id) => {
      const doc = await productModel(db).findById(id).lean();
      return doc && adminProduct(doc);
    }),
  );
  audit.check(
    'category',
    viewCheck(async (id) => {
      const doc = await categoryModel(db).findById(id).lean();
      return doc && categoryView(db, doc);
    }),
  );
  audit.check(
    'reason',
    viewCheck(async (id) => {
      const doc = await reasonModel(db).findById(id).lean();
      return doc && adminReason(doc);
    }),
  );
  audit.check(
    'bar_menu',
    viewCheck(async () => ({ menu: menuSummary(await barMenu(db)) })),
  );
}
