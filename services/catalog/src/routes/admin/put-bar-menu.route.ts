import { ApiResponse, BarMenu, BarMenuBody, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { barMenu, menuSummary } from '../../admin/bar-menu';
import { actorOf, type CatalogContext } from '../../context';
import { categoryModel } from '../../models/category.model';

/**
 * PUT /api/admin/bar/menu/: the categories the bar menu slide shows, in order; the others leave it. The till keeps
 * every category in its own order. The slides follow at their next refresh.
 */
export default function putAdminBarMenu(app: ServiceApp, ctx: CatalogContext) {
  app.put(
    '/api/admin/bar/menu/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Set the bar menu slide', body: BarMenuBody, response: { 200: ApiResponse(BarMenu) } } },
    async (request) => {
      const { categoryIds } = request.body;
      const Category = categoryModel(ctx.db);
      const known = new Map((await Category.find({ _id: { $in: categoryIds } }, { name: 1 }).lean()).map((c) => [String(c._id), c.name]));
      if (categoryIds.some((id) => !known.has(id))) {
        throw new AppError(422, 'validation_error', 'Choose existing categories.', [{ loc: ['body', 'categoryIds'], msg: 'One of these categories does not exist.', type: 'value_error' }]);
      }
      const before = await barMenu(ctx.db);
      const after = await ctx.audit.audited(
        {
          actor: actorOf(request.user),
          action: 'bar.menu.update',
          entity: 'bar_menu',
          entityId: 'menu',
          before: { menu: menuSummary(before) },
          after: { menu: categoryIds.map((id) => known.get(id)) },
        },
        request.log,
        async () => {
          await Category.updateMany({ _id: { $nin: categoryIds } }, { $set: { onMenu: false, menuPosition: null } });
          for (const [i, id] of categoryIds.entries()) await Category.updateOne({ _id: id }, { $set: { onMenu: true, menuPosition: i } });
          return barMenu(ctx.db);
        },
        (menu) => ({ after: { menu: menuSummary(menu) } }),
      );
      return ok(after);
    },
  );
}
