import { SsoStartQuery } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { isAllowedRedirect } from '../../sso/redirects';

export const redirectNotAllowed = (where: 'query' | 'body') =>
  new AppError(422, 'validation_error', 'Validation error', [
    { loc: [where, 'redirect_uri'], msg: 'Sign-in can only return to this Kassa.', type: 'value_error' },
  ]);

/** Starts single sign-on: sends the browser to the provider's sign-in page. */
export default function getViaductStart(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/login/oauth/viaduct/start',
    { schema: { tags: ['auth'], summary: 'Redirect to the single-sign-on provider', querystring: SsoStartQuery } },
    async (request, reply) => {
      const { redirect_uri: redirectUri, state } = request.query;
      if (!isAllowedRedirect(ctx.env, redirectUri)) throw redirectNotAllowed('query');
      return reply.redirect(ctx.sso.authorizeUrl({ redirectUri, state }), 302);
    },
  );
}
