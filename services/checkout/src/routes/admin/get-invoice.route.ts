import { ApiResponse, IdParam, InvoiceView, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { invoiceView, loadInvoice } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/** GET /api/admin/invoices/{id}/: one invoice with its lines, VAT and sender (a draft's as they are now). */
export default function getInvoice(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/invoices/:id/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'One invoice or credit note', params: IdParam, response: { 200: ApiResponse(InvoiceView) } } },
    async (request) => ok(await invoiceView(ctx, await loadInvoice(ctx, request.params.id))),
  );
}
