import { ApiResponse, ExactConnection, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { PaymentsContext } from '../../../../context';

/** Where the connection with Exact Online stands; never a token. */
export default function getExactConnection(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/exact/connection',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Accounting export: the connection with Exact Online', response: { 200: ApiResponse(ExactConnection) } } },
    async () => ok(await ctx.exactConnections.view()),
  );
}
