import { ApiResponse, IdealPaymentAdmin, IdealPaymentsQuery, ok, Paged, type IdealPaymentStatus } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { idealPaymentModel, type IdealPaymentDoc } from '../../models/ideal-payment.model';
import type { PaymentsContext } from '../../payments-context';

/** Online top-ups for the treasurer, newest first, optionally of one status. */
export default function getIdealPayments(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/ideal/',
    {
      preHandler: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Online top-ups (iDEAL)', querystring: IdealPaymentsQuery, response: { 200: ApiResponse(Paged(IdealPaymentAdmin)) } },
    },
    async (request) => {
      const { page, perPage, status } = request.query;
      const filter = status ? { status } : {};
      const Payment = idealPaymentModel(ctx.db);
      const [total, docs] = await Promise.all([
        Payment.countDocuments(filter),
        Payment.find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean(),
      ]);
      return ok({
        items: (docs as IdealPaymentDoc[]).map((p) => ({
          id: String(p._id),
          provider: p.provider,
          providerId: p.providerId ?? null,
          amount: p.amount,
          status: p.status as IdealPaymentStatus,
          accountId: p.accountId,
          accountName: p.accountName,
          username: p.username,
          createdAt: p.createdAt.toISOString(),
          paidAt: p.paidAt ? p.paidAt.toISOString() : null,
          creditedAt: p.creditedAt ? p.creditedAt.toISOString() : null,
          error: p.error ?? null,
        })),
        pageCount: Math.ceil(total / perPage),
        total,
      });
    },
  );
}
