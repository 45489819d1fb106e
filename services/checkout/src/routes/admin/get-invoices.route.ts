import { ApiResponse, InvoicesQuery, InvoiceSummary, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { invoiceModel, type InvoiceDoc } from '../../invoices/invoice.model';
import { invoiceSummary } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/**
 * GET /api/admin/invoices/: invoices and credit notes, newest first, 15 a page, filtered by status and account. The
 * list reads only invoices (a few per account a year, whatever the number of sales), without their lines.
 */
export default function getInvoices(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/invoices/',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Invoices and credit notes, newest first', querystring: InvoicesQuery, response: { 200: ApiResponse(Paged(InvoiceSummary)) } },
    },
    async (request) => {
      const { page, perPage, status, account } = request.query;
      const filter: QueryFilter<InvoiceDoc> = { ...(status ? { status } : {}), ...(account ? { accountId: account } : {}) };
      const Invoice = invoiceModel(ctx.db);
      const [total, docs] = await Promise.all([
        Invoice.countDocuments(filter),
        Invoice.find(filter, { lines: 0, vat: 0, sender: 0 })
          .sort({ createdAt: -1, _id: -1 })
          .skip((page - 1) * perPage)
          .limit(perPage)
          .lean(),
      ]);
      return ok({ items: (docs as unknown as InvoiceDoc[]).map(invoiceSummary), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
