import type { ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';
import type { AccountsContext } from '../../../context';
import { isAllowedRedirect } from '../../sso/redirects';
import { STANDIN_AUTHORIZE_PATH, StandinSsoAdapter } from '../../sso/standin-adapter';
import { renderStandinPage } from '../../sso/standin-page';
import { redirectNotAllowed } from '../login/get-viaduct-start.route';

export const StandinAuthorizeQuery = z.object({
  redirect_uri: z.string().url().max(2048),
  state: z.string().max(512).optional(),
  response_type: z.literal('code').optional(),
  client_id: z.string().max(100).optional(),
});

/** The stand-in provider's sign-in page (SSO_PROVIDER=standin). */
export default function getStandinAuthorize(app: ServiceApp, ctx: AccountsContext) {
  if (!(ctx.sso instanceof StandinSsoAdapter)) return;
  app.get(
    STANDIN_AUTHORIZE_PATH,
    { schema: { tags: ['sso-standin'], summary: 'Stand-in single-sign-on page', querystring: StandinAuthorizeQuery } },
    async (request, reply) => {
      const { redirect_uri: redirectUri, state } = request.query;
      if (!isAllowedRedirect(ctx.env, redirectUri)) throw redirectNotAllowed('query');
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderStandinPage({ action: STANDIN_AUTHORIZE_PATH, redirectUri, state }));
    },
  );
}
