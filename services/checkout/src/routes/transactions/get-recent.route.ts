import { ApiResponse, ok, RecentSales } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../context';
import { recentSales } from '../../sales/recent-sales';

/**
 * The till's recent-sales list: its last finished sales still within the undo window, each undoable from there
 * (POST /api/transactions/{id}/undo/). Only for a till that may undo; a register sees its own sales only.
 */
export default function getRecent(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/transactions/recent/',
    {
      onRequest: app.requireCapabilities('PAYMENT_UNDO'),
      schema: { tags: ['checkout'], summary: "This till's last sales it may still undo, newest first", response: { 200: ApiResponse(RecentSales) } },
    },
    async (request) => ok(await recentSales(ctx, request.user)),
  );
}
