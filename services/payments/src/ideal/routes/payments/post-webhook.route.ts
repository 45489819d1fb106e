import { ApiResponse, ok } from '@kassa/contracts';
import { withFormBodies, type ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';
import { enqueueIdealCheck } from '../../jobs/ideal-status.job';
import { idealPaymentModel } from '../../models/ideal-payment.model';
import type { PaymentsContext } from '../../../context';

const WebhookBody = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * The provider's callback (public, like Mollie's: `id=<provider payment id>`). Nothing in it is trusted but the id:
 * a job asks the provider for the payment's real status. Unknown ids get 200 as well, so the answer tells a caller
 * nothing about which payments exist.
 */
export default function postIdealWebhook(app: ServiceApp, ctx: PaymentsContext) {
  withFormBodies(app, (scope) => {
    scope.post(
      '/api/payments/webhook',
      { schema: { tags: ['payments'], summary: 'iDEAL provider callback', body: WebhookBody, response: { 200: ApiResponse(z.object({ received: z.boolean() })) } } },
      async (request) => {
        const payment = await idealPaymentModel(ctx.db).findOne({ providerId: request.body.id }, { _id: 1 }).lean();
        if (!payment) {
          request.log.warn({ providerId: request.body.id }, 'iDEAL callback for an unknown payment');
          return ok({ received: true });
        }
        await enqueueIdealCheck(ctx.idealQueue, String(payment._id));
        return ok({ received: true });
      },
    );
  });
}
