import { ApiResponse, IdParam, InvoiceDeleted, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { deleteInvoice } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/** DELETE /api/admin/invoices/{id}/: removes a draft; a final invoice answers 409 (it is reversed by a credit note). */
export default function deleteInvoiceRoute(app: ServiceApp, ctx: CheckoutContext) {
  app.delete(
    '/api/admin/invoices/:id/',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Delete a draft invoice', params: IdParam, response: { 200: ApiResponse(InvoiceDeleted) } } },
    async (request) => {
      await deleteInvoice(ctx, request.params.id, { user: request.user, log: request.log, id: request.id });
      return ok({ id: request.params.id, deleted: true as const });
    },
  );
}
