import { ApiResponse, IdealPaymentAdmin, IdealPaymentsQuery, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { idealPaymentAdmin } from '../../ideal-admin/ideal-payment-view';
import { idealPaymentModel, type IdealPaymentDoc } from '../../models/ideal-payment.model';
import type { PaymentsContext } from '../../payments-context';

/** Online top-ups for the treasurer, newest first, optionally of one status and of one account. */
export default function getIdealPayments(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/ideal/',
    {
      preHandler: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Online top-ups (iDEAL)', querystring: IdealPaymentsQuery, response: { 200: ApiResponse(Paged(IdealPaymentAdmin)) } },
    },
    async (request) => {
      const { page, perPage, status, account } = request.query;
      const filter = { ...(status ? { status } : {}), ...(account ? { accountId: account } : {}) };
      const Payment = idealPaymentModel(ctx.db);
      const [total, docs] = await Promise.all([
        Payment.countDocuments(filter),
        Payment.find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean(),
      ]);
      return ok({ items: (docs as IdealPaymentDoc[]).map(idealPaymentAdmin), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
