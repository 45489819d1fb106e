import { ApiResponse, IdealPaymentAdmin, IdealPaymentsQuery, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { idealPaymentAdmin } from '../../ideal-payment-view';
import { idealPaymentModel, type IdealPaymentDoc } from '../../models/ideal-payment.model';
import type { PaymentsContext } from '../../../context';

const newestFirst = (a: IdealPaymentDoc, b: IdealPaymentDoc) => b.createdAt.getTime() - a.createdAt.getTime() || String(b._id).localeCompare(String(a._id));

/**
 * GET /api/admin/ideal/: online top-ups for the treasurer, newest first, 15 a page, optionally of one status and of
 * one account. Every read is an equality filter (on FerretDB the only kind an index serves): an account's payments [ferretdb:equality-index]
 * are read whole and sorted here; the whole list walks the register of payment days (ideal/ideal-days.ts) to
 * the days the page needs and reads only those.
 */
export default function getIdealPayments(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/ideal/',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Online top-ups (iDEAL)', querystring: IdealPaymentsQuery, response: { 200: ApiResponse(Paged(IdealPaymentAdmin)) } },
    },
    async (request) => {
      const { page, perPage, status, account } = request.query;
      const Payment = idealPaymentModel(ctx.db);
      const skip = (page - 1) * perPage;
      let total: number;
      let docs: IdealPaymentDoc[];
      if (account) {
        const all = ((await Payment.find({ accountId: account, ...(status ? { status } : {}) }).lean()) as IdealPaymentDoc[]).sort(newestFirst);
        total = all.length;
        docs = all.slice(skip, skip + perPage);
      } else {
        ({ items: docs, total } = await ctx.idealDays.page(status ?? null, page, perPage, async (day) =>
          ((await Payment.find({ day, ...(status ? { status } : {}) }).lean()) as IdealPaymentDoc[]).sort(newestFirst),
        ));
      }
      return ok({ items: docs.map(idealPaymentAdmin), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
