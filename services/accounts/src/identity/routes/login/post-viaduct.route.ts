import { ApiResponse, OAuthBody, ok, SsoLoginResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { issueToken } from '../../session';
import { isAllowedRedirect } from '../../sso/redirects';
import { findOrCreateSsoUser } from '../../sso/sso-users';
import { issueTfaChallenge } from '../../sso/tfa-challenge';
import { redirectNotAllowed } from './get-viaduct-start.route';

/**
 * Finishes single sign-on: the provider's one-time code becomes a Kassa token (the user is created on first sign-in),
 * or, for a user with two-factor sign-in, a challenge for POST /api/login/oauth/tfa/.
 */
export default function postViaduct(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/login/oauth/viaduct/',
    { schema: { tags: ['auth'], summary: 'Sign in with a single-sign-on code', body: OAuthBody, response: { 200: ApiResponse(SsoLoginResult) } } },
    async (request) => {
      const { code, redirect_uri: redirectUri } = request.body;
      if (redirectUri !== undefined && !isAllowedRedirect(ctx.env, redirectUri)) throw redirectNotAllowed('body');
      const identity = await ctx.sso.exchange({ code, redirectUri });
      const user = await findOrCreateSsoUser(app.db, identity);
      // The provider's own second factor is not ours to trust: a user who turned on two-factor sign-in types the code.
      if (user.tfaEnabled) return ok({ tfa_challenge: issueTfaChallenge(ctx.env.JWT_SECRET, String(user._id), ctx.now()) });
      return ok({ access_token: await issueToken(app, user) });
    },
  );
}
