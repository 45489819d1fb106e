import { ApiResponse, IdParam, InvoiceView, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { creditInvoice } from '../../invoices/invoices';
import type { CheckoutContext } from '../../sales/context';

/** POST /api/admin/invoices/{id}/credit/: a credit note reversing the invoice; answers the credit note. */
export default function postInvoiceCredit(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/admin/invoices/:id/credit/',
    { preHandler: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Reverse a final invoice with a credit note', params: IdParam, response: { 200: ApiResponse(InvoiceView) } } },
    async (request) => ok(await creditInvoice(ctx, request.params.id, { user: request.user, log: request.log, id: request.id })),
  );
}
