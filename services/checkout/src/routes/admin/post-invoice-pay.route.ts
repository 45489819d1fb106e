import { ApiResponse, IdParam, InvoiceView, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { payInvoice } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/** POST /api/admin/invoices/{id}/pay/: the invoice is paid; the account is credited with its total, once. */
export default function postInvoicePay(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/admin/invoices/:id/pay/',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Mark a final invoice paid: one posting crediting the account', params: IdParam, response: { 200: ApiResponse(InvoiceView) } } },
    async (request) => ok(await payInvoice(ctx, request.params.id, { user: request.user, log: request.log, id: request.id })),
  );
}
