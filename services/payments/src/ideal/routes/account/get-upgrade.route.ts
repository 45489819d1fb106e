import { AccountUpgradeStatus, ApiResponse, IDEAL_FINAL_STATUSES, IdParam, ok, type IdealPaymentStatus } from '@kassa/contracts';
import { notFound, type ServiceApp } from '@kassa/service-kit';
import { enqueueIdealCheck } from '../../jobs/ideal-status.job';
import { idealPaymentModel, type IdealPaymentDoc } from '../../models/ideal-payment.model';
import type { PaymentsContext } from '../../../context';

/**
 * The member back from the bank (/account?payment=…) asks how their top-up went. While it is not settled a status
 * check is queued (at most one per payment every 15 s), so a lost callback does not leave the member waiting for ever.
 */
export default function getAccountUpgrade(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/account/upgrade/:id',
    {
      onRequest: app.authenticate,
      schema: { tags: ['payments'], summary: 'Status of an own online top-up', params: IdParam, response: { 200: ApiResponse(AccountUpgradeStatus) } },
    },
    async (request) => {
      const payment = (await idealPaymentModel(ctx.db).findById(request.params.id).lean()) as IdealPaymentDoc | null;
      // Another member's payment is as unknown as a missing one.
      if (!payment || (payment.userId !== request.user.sub && !request.user.isAdmin)) throw notFound('Payment not found.');
      const status = payment.status as IdealPaymentStatus;
      const settled = payment.creditedAt !== null || (IDEAL_FINAL_STATUSES.includes(status) && status !== 'paid') || payment.error !== null;
      if (!settled && payment.providerId) await enqueueIdealCheck(ctx.idealQueue, String(payment._id), { dedupe: true });
      return ok({
        id: String(payment._id),
        amount: payment.amount,
        status,
        credited: payment.creditedAt !== null,
        createdAt: payment.createdAt.toISOString(),
        paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
      });
    },
  );
}
