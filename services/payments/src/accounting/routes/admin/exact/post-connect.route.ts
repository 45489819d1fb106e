import { ApiResponse, ExactConnectStart, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { exactRedirectUri } from '../../../exact/create-exact-provider';
import type { PaymentsContext } from '../../../../context';

/** Starts connecting: where to send the browser to grant Kassa access (it comes back to /admin/exact/oauth/success). */
export default function postExactConnect(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/admin/exact/connect',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Accounting export: start connecting Exact Online', response: { 200: ApiResponse(ExactConnectStart) } } },
    async () => ok({ authorizeUrl: await ctx.exactConnections.start(exactRedirectUri(ctx.env)) }),
  );
}
