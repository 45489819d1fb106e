import { ApiResponse, ok, PayoutsQuery, PayoutsResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { payoutModel, type PayoutDoc } from '../../models/payout.model';
import { payoutViews } from '../../payouts';

/** GET /api/admin/payouts/?state=: the payouts, newest first (the last 200 of a state). */
export default function getPayouts(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/payouts/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Payouts of leaving members', querystring: PayoutsQuery, response: { 200: ApiResponse(PayoutsResult) } } },
    async (request) => {
      const { state } = request.query;
      const docs = (await payoutModel(app.db).find(state ? { state } : {}).sort({ requestedAt: -1 }).limit(200).lean()) as PayoutDoc[];
      return ok({ items: await payoutViews(ctx, docs) });
    },
  );
}
