import { ApiResponse, IdParam, InvoiceView, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { finaliseInvoice } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/** POST /api/admin/invoices/{id}/finalise/: numbers a draft and freezes it (409 without sender details or sales). */
export default function postInvoiceFinalise(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/admin/invoices/:id/finalise/',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Finalise a draft: it gets the next number and never changes again', params: IdParam, response: { 200: ApiResponse(InvoiceView) } } },
    async (request) => ok(await finaliseInvoice(ctx, request.params.id, { user: request.user, log: request.log, id: request.id })),
  );
}
