import { ApiResponse, IdParam, InvoiceUpdateBody, InvoiceView, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { updateInvoice } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/** PUT /api/admin/invoices/{id}/: a draft's period, reference, note and customer; a final invoice answers 409. */
export default function putInvoice(app: ServiceApp, ctx: CheckoutContext) {
  app.put(
    '/api/admin/invoices/:id/',
    {
      onRequest: app.requireRole('treasurer'),
      schema: { tags: ['admin'], summary: 'Change a draft invoice', params: IdParam, body: InvoiceUpdateBody, response: { 200: ApiResponse(InvoiceView) } },
    },
    async (request) => ok(await updateInvoice(ctx, request.params.id, request.body, { user: request.user, log: request.log, id: request.id })),
  );
}
