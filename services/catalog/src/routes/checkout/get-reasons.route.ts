import { ApiResponse, ok, ReasonsResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { reasonModel } from '../../models/reason.model';

export default function getReasons(app: ServiceApp) {
  app.get(
    '/api/checkout/reasons/',
    {
      onRequest: app.requireCapabilities('PAYMENT_OTHER'),
      schema: { tags: ['catalog'], summary: 'Reasons for an "other" payment', response: { 200: ApiResponse(ReasonsResult) } },
    },
    async () => {
      const reasons = await reasonModel(app.db).find().sort({ position: 1, name: 1 }).lean();
      return ok({ reasons: reasons.map((r) => ({ id: String(r._id), name: r.name })) });
    },
  );
}
