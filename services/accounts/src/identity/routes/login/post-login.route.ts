import { ApiResponse, LoginBody, LoginResult, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { userModel } from '../../models/user.model';
import { clientAddress } from '../../security/client-address';
import { checkPassword } from '../../security/passwords';
import { issueToken } from '../../session';

/**
 * Username and password sign-in. A failure is a 400, not a 401 (a 401 makes the client log out), and an unknown
 * user costs the same bcrypt work as a wrong password, so the answer tells nothing about which it was. A user with
 * two-factor sign-in also sends `tfaCode` (app code or recovery code); it is asked for only after the password passed.
 * Failed sign-ins are refused per username and client address together and per address, and slowed down per
 * username (identity/security/login-guard.ts).
 */
export default function postLogin(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/login/',
    { schema: { tags: ['auth'], summary: 'Sign in with username and password', body: LoginBody, response: { 200: ApiResponse(LoginResult) } } },
    async (request) => {
      const { username } = request.body;
      const address = clientAddress(request.headers);
      const attempt = await ctx.logins.claim(username, address);
      const user = await userModel(app.db).findOne({ username }).lean();
      const valid = await checkPassword(request.body.password, user?.passwordHash);
      if (!user || !valid) {
        await ctx.logins.failed(attempt);
        throw new AppError(400, 'invalid_credentials', 'Invalid username or password.');
      }
      await ctx.logins.release(attempt);
      if (user.tfaEnabled) await ctx.tfa.check(user, request.body.tfaCode);
      return ok({ access_token: await issueToken(app, user) });
    },
  );
}
