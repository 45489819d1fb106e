import { withFormBodies, type ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';
import { renderStandinConsentPage } from '../../exact/standin-consent-page';
import { StandinExactProvider } from '../../exact/standin-exact-provider';
import type { PaymentsContext } from '../../../context';

/** Only Kassa's own return page: the stand-in never sends a browser (and a code) anywhere else. */
const RETURN_PATH = '/admin/exact/oauth/success';
const Consent = z.object({ state: z.string().min(1).max(200), redirect_uri: z.literal(RETURN_PATH, 'Kassa returns only to its own page.') });
const ConsentForm = Consent.extend({ action: z.enum(['allow', 'deny']) });

/** The stand-in's consent page (EXACT_PROVIDER=standin only): "Allow" returns a code to /admin/exact/oauth/success. */
export default function exactStandin(app: ServiceApp, ctx: PaymentsContext) {
  const provider = ctx.exact;
  if (!(provider instanceof StandinExactProvider)) return;
  app.get(
    StandinExactProvider.authorizePath,
    { schema: { tags: ['payments-standin'], summary: 'Stand-in Exact Online: consent page', querystring: Consent } },
    async (request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderStandinConsentPage(request.query.state, request.query.redirect_uri)),
  );
  withFormBodies(app, (scope) => {
    scope.post(
      StandinExactProvider.authorizePath,
      { schema: { tags: ['payments-standin'], summary: 'Stand-in Exact Online: allow or deny', body: ConsentForm } },
      async (request, reply) => {
        const { action, state, redirect_uri } = request.body;
        const q: Record<string, string> = action === 'allow' ? { code: await provider.grant(redirect_uri), state } : { error: 'access_denied', state };
        return reply.redirect(`${redirect_uri}?${new URLSearchParams(q)}`, 303);
      },
    );
  });
}
