import { ApiResponse, ExactConnection, ExactOauthCallbackBody, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { actorOf } from '../../../export-views';
import { exactRedirectUri } from '../../../exact/create-exact-provider';
import type { PaymentsContext } from '../../../../context';

/** Completes connecting with the code and state the provider sent to /admin/exact/oauth/success. */
export default function postExactOauthCallback(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/admin/exact/oauth/callback',
    {
      onRequest: app.requireRole('treasurer'),
      schema: { tags: ['admin'], summary: 'Accounting export: finish connecting Exact Online', body: ExactOauthCallbackBody, response: { 200: ApiResponse(ExactConnection) } },
    },
    async (request) => {
      const before = await ctx.exactConnections.view();
      const after = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'exact.connect', entity: 'exact_connection', entityId: 'exact', before, after: { status: 'connected' } },
        request.log,
        () => ctx.exactConnections.complete(request.body.code, request.body.state, exactRedirectUri(ctx.env), request.user.username),
        (view) => ({ after: view }),
      );
      return ok(after);
    },
  );
}
