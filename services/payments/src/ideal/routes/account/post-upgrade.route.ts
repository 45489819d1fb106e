import { AccountUpgradeBody, AccountUpgradeResult, ApiResponse, formatEuros, ok, UserUpgradeInfo } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { idealWebhookUrl } from '../../create-ideal-provider';
import { idealPaymentModel } from '../../models/ideal-payment.model';
import type { PaymentsContext } from '../../../context';

/**
 * A member tops up their own account online: a payment at the provider for `amount` cents, answered with the
 * provider's checkout page. The account is credited only when the provider says the payment is paid (the webhook
 * and the ideal-status worker), never on the member's return.
 */
export default function postAccountUpgrade(app: ServiceApp, ctx: PaymentsContext) {
  app.post(
    '/api/account/upgrade',
    {
      onRequest: app.authenticate,
      schema: { tags: ['payments'], summary: 'Top up the own account online (iDEAL)', body: AccountUpgradeBody, response: { 200: ApiResponse(AccountUpgradeResult) } },
    },
    async (request) => {
      const { amount } = request.body;
      const info = await ctx.accounts(`/internal/users/${request.user.sub}/upgrade-info`, UserUpgradeInfo, { requestId: request.id });
      if (amount < info.minAmount) {
        const msg = `The minimum top-up is ${formatEuros(info.minAmount)}.`;
        throw new AppError(422, 'amount_too_low', msg, [{ loc: ['body', 'amount'], msg, type: 'value_error' }]);
      }
      const Payment = idealPaymentModel(ctx.db);
      // Its day is in the register before the payment exists, so the treasurer's list never misses it.
      const day = ctx.idealDays.dayOf(new Date());
      await ctx.idealDays.note(day);
      const payment = await Payment.create({
        day,
        userId: request.user.sub,
        username: info.username,
        accountId: info.accountId,
        accountName: info.accountName,
        amount,
        provider: ctx.ideal.name,
        status: 'open',
      });
      const paymentId = String(payment._id);
      let created: { id: string; checkoutUrl: string };
      try {
        created = await ctx.ideal.createPayment({
          paymentId,
          amount,
          description: `Kassa top-up ${info.accountName}`,
          redirectUrl: new URL(`/account?payment=${paymentId}`, ctx.env.PUBLIC_URL).toString(),
          webhookUrl: idealWebhookUrl(ctx.env),
        });
      } catch (err) {
        request.log.error({ err, paymentId }, 'iDEAL provider refused a new payment');
        await Payment.updateOne({ _id: payment._id }, { $set: { status: 'failed', error: (err as Error).message } });
        await ctx.idealDays.changed(day);
        throw new AppError(503, 'service_unavailable', 'The bank could not be reached. Please try again later.');
      }
      await Payment.updateOne({ _id: payment._id }, { $set: { providerId: created.id, checkoutUrl: created.checkoutUrl } });
      request.log.info({ paymentId, amount, accountId: info.accountId }, 'iDEAL payment started');
      return ok({ paymentId, checkoutUrl: created.checkoutUrl });
    },
  );
}
