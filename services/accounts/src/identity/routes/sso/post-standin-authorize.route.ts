import { withFormBodies, type ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';
import type { AccountsContext } from '../../../context';
import { isAllowedRedirect } from '../../sso/redirects';
import { STANDIN_AUTHORIZE_PATH, StandinSsoAdapter } from '../../sso/standin-adapter';
import { redirectNotAllowed } from '../login/get-viaduct-start.route';

const StandinLoginForm = z.object({
  redirect_uri: z.string().url().max(2048),
  state: z.string().max(512).optional(),
  name: z.string().trim().min(1, 'Please enter a name.').max(100),
  viaduct_id: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A Viaduct id has letters, digits, - and _ only.'),
});

/** "Log in" on the stand-in page: issues a one-time code and sends the browser back to Kassa with it. */
export default function postStandinAuthorize(app: ServiceApp, ctx: AccountsContext) {
  const standin = ctx.sso;
  if (!(standin instanceof StandinSsoAdapter)) return;
  // The page posts a plain HTML form.
  withFormBodies(app, (scope) => {
    scope.post(
      STANDIN_AUTHORIZE_PATH,
      { schema: { tags: ['sso-standin'], summary: 'Stand-in single sign-on: log in', body: StandinLoginForm } },
      async (request, reply) => {
        const { redirect_uri: redirectUri, state, name, viaduct_id: viaductUserId } = request.body;
        if (!isAllowedRedirect(ctx.env, redirectUri)) throw redirectNotAllowed('body');
        const code = await standin.issueCode({ viaductUserId, name }, redirectUri);
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        if (state) back.searchParams.set('state', state);
        return reply.redirect(back.toString(), 302);
      },
    );
  });
}
