import { ApiResponse, BarMenu, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { barMenu } from '../../admin/bar-menu';

/** GET /api/admin/bar/menu/: which categories the bar menu slide shows, in its order (Bar Management). */
export default function getAdminBarMenu(app: ServiceApp) {
  app.get(
    '/api/admin/bar/menu/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'The bar menu slide: categories and order', response: { 200: ApiResponse(BarMenu) } } },
    async () => ok(await barMenu(app.db)),
  );
}
