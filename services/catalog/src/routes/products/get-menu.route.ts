import { ApiResponse, MenuResult, ok } from '@kassa/contracts';
import { ttlCache, type ServiceApp } from '@kassa/service-kit';
import { byMenuOrder } from '../../admin/bar-menu';
import { loadCategories } from '../../catalog-read';
import type { CatalogContext } from '../../context';
import { categoryModel } from '../../models/category.model';

/**
 * GET /api/products/menu/: the bar menu for the public slides, without sign-in. It shows only what hangs on the wall
 * anyway (names, prices, deposit, category colours): no ids, no hidden products, no empty categories. Every TV polls
 * it, so it is kept for MENU_CACHE_MS (5 s): a price change may take that long, plus the wall's MENU_REFRESH_MS.
 */
export default function getMenu(app: ServiceApp, ctx: CatalogContext) {
  const menu = ttlCache(ctx.env.MENU_CACHE_MS, async (): Promise<MenuResult> => {
    // Bar Management decides which categories hang on the wall and in what order (admin/bar-menu.ts).
    const [categories, placed] = await Promise.all([loadCategories(app.db), categoryModel(app.db).find({}, { name: 1, position: 1, onMenu: 1, menuPosition: 1 }).lean()]);
    const order = placed.filter((c) => c.onMenu !== false).sort(byMenuOrder).map((c) => String(c._id));
    return {
      categories: categories
        .filter((c) => c.products.length > 0 && order.includes(c.id))
        .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
        .map((c) => ({
          name: c.name,
          colour: c.colour,
          products: c.products.map((p) => ({ name: p.name, price: p.price, deposit: p.deposit, adultsOnly: p.adultsOnly })),
        })),
      refreshMs: ctx.env.MENU_REFRESH_MS,
    };
  });

  app.get(
    '/api/products/menu/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The public bar menu: active products by category, for the display slides (no sign-in)',
        response: { 200: ApiResponse(MenuResult) },
      },
    },
    async () => ok(await menu.get()),
  );
}
