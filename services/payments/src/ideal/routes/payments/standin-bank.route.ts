import { withFormBodies, type ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';
import { renderStandinPaymentPage, returnPath } from '../../standin-page';
import { StandinIdealProvider } from '../../standin-ideal-provider';
import type { PaymentsContext } from '../../../context';

const Params = z.object({ id: z.string().regex(/^tr_[A-Za-z0-9_]{1,64}$/, 'Not a payment id.') });
/**
 * `pay_without_callback`: paid at the bank, but the callback is lost and the member does not come back (closed the
 * tab): what the treasurer's "Check again" on /admin/ideal is for. Stays on the bank's page.
 */
const ActionForm = z.object({ action: z.enum(['pay', 'cancel', 'expire', 'pay_without_callback']) });

/**
 * The stand-in bank's checkout page (IDEAL_PROVIDER=standin only). A choice sends the provider callback, as a bank
 * would, and then returns the member to Kassa; the callback failing does not keep the member at the bank (the status
 * check on /account, and the worker's start-up sweep, catch up).
 */
export default function standinBank(app: ServiceApp, ctx: PaymentsContext) {
  const bank = ctx.ideal;
  if (!(bank instanceof StandinIdealProvider)) return;
  app.get(
    '/api/payments/standin/:id',
    { schema: { tags: ['payments-standin'], summary: 'Stand-in bank: payment page', params: Params } },
    async (request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderStandinPaymentPage(await bank.find(request.params.id))),
  );
  withFormBodies(app, (scope) => {
    scope.post(
      '/api/payments/standin/:id',
      { schema: { tags: ['payments-standin'], summary: 'Stand-in bank: pay, cancel or let expire', params: Params, body: ActionForm } },
      async (request, reply) => {
                const { action } = request.body;
        const payment = await bank.act(request.params.id, action === 'pay_without_callback' ? 'pay' : action);
        if (!payment) return reply.code(404).type('text/html; charset=utf-8').send(renderStandinPaymentPage(null));
        if (action === 'pay_without_callback') return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderStandinPaymentPage(payment, { callbackWithheld: true }));
        try {
          await ctx.deliverWebhook(payment.webhookUrl, payment.id);
        } catch (err) {
          request.log.warn({ err: (err as Error).message, providerId: payment.id }, 'stand-in bank could not deliver its callback');
        }
        return reply.redirect(returnPath(payment.redirectUrl), 303);
      },
    );
  });
}

/** The callback as Mollie sends it: a form POST with the payment id only. */
export async function postWebhook(url: string, providerId: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id: providerId }).toString(),
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) throw new Error(`callback answered ${res.status}`);
}
