import { ApiResponse, OfflineRefusalsQuery, OfflineRefusalView, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { offlineRefusalModel, type OfflineRefusalDoc } from '../../models/offline-refusal.model';
import { offlineRefusalView } from '../../offline/offline-refusals';
import type { CheckoutContext } from '../../context';

/** GET /api/admin/transactions/offline_refusals/: offline sales the server refused on replay, latest arrival first. */
export default function getOfflineRefusals(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/transactions/offline_refusals/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Sales made offline that were refused when the till sent them',
        querystring: OfflineRefusalsQuery,
        response: { 200: ApiResponse(Paged(OfflineRefusalView)) },
      },
    },
    async (request) => {
      const { page, perPage } = request.query;
      const Refusal = offlineRefusalModel(ctx.db);
      const [total, docs] = await Promise.all([
        Refusal.countDocuments({}),
        Refusal.find({}).sort({ receivedAt: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean(),
      ]);
      return ok({ items: (docs as OfflineRefusalDoc[]).map(offlineRefusalView), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
