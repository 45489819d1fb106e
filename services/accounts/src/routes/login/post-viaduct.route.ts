import { ApiResponse, LoginResult, OAuthBody, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../context';
import { issueToken } from '../../session';
import { isAllowedRedirect } from '../../sso/redirects';
import { findOrCreateSsoUser } from '../../sso/sso-users';
import { redirectNotAllowed } from './get-viaduct-start.route';

/** Finishes single sign-on: the provider's one-time code becomes a Kassa token (the user is created on first sign-in). */
export default function postViaduct(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/login/oauth/viaduct/',
    { schema: { tags: ['auth'], summary: 'Sign in with a single-sign-on code', body: OAuthBody, response: { 200: ApiResponse(LoginResult) } } },
    async (request) => {
      const { code, redirect_uri: redirectUri } = request.body;
      if (redirectUri !== undefined && !isAllowedRedirect(ctx.env, redirectUri)) throw redirectNotAllowed('body');
      const identity = await ctx.sso.exchange({ code, redirectUri });
      const user = await findOrCreateSsoUser(app.db, identity);
      return ok({ access_token: await issueToken(app, user) });
    },
  );
}
