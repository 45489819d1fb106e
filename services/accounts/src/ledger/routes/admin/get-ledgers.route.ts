import { AdminLedger, ApiResponse, ok, PageQuery, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { adminLedgers } from '../../accounts-admin/ledgers';

/** GET /api/admin/accounts/ledgers/ (SPEC 7: page, perPage): the ledgers of the accounting export with their codes. */
export default function getAdminLedgers(app: ServiceApp) {
  app.get(
    '/api/admin/accounts/ledgers/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Ledgers, paged', querystring: PageQuery, response: { 200: ApiResponse(Paged(AdminLedger)) } } },
    async (request) => {
      const { page, perPage } = request.query;
      const all = await adminLedgers(app.db);
      return ok({ items: all.slice((page - 1) * perPage, page * perPage), pageCount: Math.ceil(all.length / perPage), total: all.length });
    },
  );
}
