import { ApiResponse, ExactConnection, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { actorOf } from '../../../export-views';
import type { PaymentsContext } from '../../../../context';

/** Disconnects: the tokens are deleted; booked days stay booked. */
export default function deleteExactConnection(app: ServiceApp, ctx: PaymentsContext) {
  app.delete(
    '/api/admin/exact/connection',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Accounting export: disconnect Exact Online', response: { 200: ApiResponse(ExactConnection) } } },
    async (request) => {
      const before = await ctx.exactConnections.view();
      const after = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'exact.disconnect', entity: 'exact_connection', entityId: 'exact', before, after: { status: 'disconnected' } },
        request.log,
        () => ctx.exactConnections.disconnect(),
        (view) => ({ after: view }),
      );
      return ok(after);
    },
  );
}
