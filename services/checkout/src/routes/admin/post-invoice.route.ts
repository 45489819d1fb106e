import { ApiResponse, InvoiceCreateBody, InvoiceView, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { createInvoice } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/** POST /api/admin/invoices/: a draft invoice for an account over a period. */
export default function postInvoice(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/admin/invoices/',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Make a draft invoice', body: InvoiceCreateBody, response: { 200: ApiResponse(InvoiceView) } } },
    async (request) => ok(await createInvoice(ctx, request.body, { user: request.user, log: request.log, id: request.id })),
  );
}
