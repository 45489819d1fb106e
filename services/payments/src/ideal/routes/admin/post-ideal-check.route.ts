import { ApiResponse, formatEuros, IDEAL_FINAL_STATUSES, IdealCheckResult, IdParam, ok, type IdealPaymentStatus } from '@kassa/contracts';
import { AppError, notFound, type ServiceApp } from '@kassa/service-kit';
import { idealPaymentAdmin, idealPaymentAudit } from '../../ideal-payment-view';
import type { ProviderPayment } from '../../ideal-provider';
import { idealSettler } from '../../jobs/ideal-status.job';
import { idealPaymentModel, type IdealPaymentDoc } from '../../models/ideal-payment.model';
import type { PaymentsContext } from '../../../context';
import type { Logger } from 'pino';

const STILL_OPEN = new Set<IdealPaymentStatus>(['open', 'pending']);
/**
 * POST /api/admin/ideal/{id}/check/: the treasurer's "Check again" for a top-up whose callback never came. Asks the
 * provider now; a payment paid there is credited through the ledger under its own key (`ideal:<id>`), so two clicks,
 * a callback and the worker at the same moment credit it once. A check that changes the payment (credited, or closed
 * at the provider) writes one audit entry (keyed per payment and change) with before and after; one that changes
 * nothing writes none.
 */
export default function postIdealCheck(app: ServiceApp, ctx: PaymentsContext) {
  const settle = idealSettler({ db: ctx.db, provider: ctx.ideal, accounts: ctx.accounts, log: app.log as Logger });

  app.post(
    '/api/admin/ideal/:id/check/',
    {
      onRequest: app.requireRole('treasurer'),
      schema: {
        tags: ['admin'],
        summary: 'Check an online top-up again at the provider; credits a paid one once',
        params: IdParam,
        response: { 200: ApiResponse(IdealCheckResult) },
      },
    },
    async (request) => {
      const Payment = idealPaymentModel(ctx.db);
      const load = async () => (await Payment.findById(request.params.id).lean()) as IdealPaymentDoc | null;
      const doc = await load();
      if (!doc) throw notFound('Payment not found.');
      if (doc.creditedAt) return ok({ outcome: 'already_credited' as const, payment: idealPaymentAdmin(doc) });
      const status = doc.status as IdealPaymentStatus;
      if (!doc.providerId || (IDEAL_FINAL_STATUSES.includes(status) && status !== 'paid')) {
        throw new AppError(409, 'conflict', `This payment is ${status}: the member paid nothing, so there is nothing to check or credit.`);
      }

      let remote: ProviderPayment;
      try {
        remote = await ctx.ideal.getPayment(doc.providerId);
      } catch (err) {
        request.log.warn({ paymentId: request.params.id, err: (err as Error).message }, 'iDEAL provider could not be asked');
        throw new AppError(503, 'service_unavailable', 'The payment provider could not be reached. Nothing was changed; try again in a moment.');
      }
      if (remote.amount !== doc.amount) {
        await settle(request.params.id, remote);
        throw new AppError(409, 'conflict', `The provider reports ${formatEuros(remote.amount)} instead of ${formatEuros(doc.amount)}; nothing was credited. Look into it at the provider.`);
      }
      if (STILL_OPEN.has(remote.status)) return ok({ outcome: 'still_open' as const, payment: idealPaymentAdmin(doc) });

      const paid = remote.status === 'paid';
      const action = paid ? 'ideal_payment.credit' : 'ideal_payment.close';
      const after = await ctx.audit.audited(
        {
          actor: { id: request.user.sub, username: request.user.username },
          key: `${action}:${request.params.id}`,
          action,
          entity: 'ideal_payment',
          entityId: request.params.id,
          before: idealPaymentAudit(doc),
          after: paid ? { status: 'paid', credited: true } : { status: remote.status, credited: false },
        },
        request.log,
        async () => {
          const outcome = await settle(request.params.id, remote);
          const now = await load();
          if (!now) throw notFound('Payment not found.');
          if (paid && outcome !== 'credited') {
            // The ledger refused it for good (the account was closed or removed): the reason is kept on the payment.
            throw new AppError(409, 'conflict', `Paid at the provider, but not credited: ${now.error ?? outcome}`);
          }
          return now;
        },
        (now) => ({ after: idealPaymentAudit(now) }),
      );
      return ok({ outcome: paid ? ('credited' as const) : ('closed' as const), payment: idealPaymentAdmin(after) });
    },
  );
}
