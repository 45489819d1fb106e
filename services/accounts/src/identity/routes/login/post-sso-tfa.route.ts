import { ApiResponse, LoginResult, ok, SsoTfaBody } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { userModel } from '../../models/user.model';
import { issueToken } from '../../session';
import { openTfaChallenge } from '../../sso/tfa-challenge';

/** The second step of single sign-on for a user with two-factor sign-in: the challenge and the code give the token. */
export default function postSsoTfa(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/login/oauth/tfa/',
    { schema: { tags: ['auth'], summary: 'Finish single sign-on with the two-factor code', body: SsoTfaBody, response: { 200: ApiResponse(LoginResult) } } },
    async (request) => {
      const userId = openTfaChallenge(ctx.env.JWT_SECRET, request.body.tfa_challenge, ctx.now());
      const user = userId ? await userModel(app.db).findById(userId).lean() : null;
      if (!user?.tfaEnabled) throw new AppError(400, 'invalid_sso_code', 'The sign-in took too long or was not valid. Please sign in again.');
      await ctx.tfa.check(user, request.body.tfaCode);
      return ok({ access_token: await issueToken(app, user) });
    },
  );
}
