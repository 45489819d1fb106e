import { ApiResponse, ApprovalView, IdParam, InvoiceView, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { creditInvoice } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/**
 * POST /api/admin/invoices/{id}/credit/: a credit note reversing the invoice; answers the credit note. Four eyes (issue
 * 50 §5): the first treasurer's call prepares it (202 with the pending approval), another treasurer's approves it.
 */
export default function postInvoiceCredit(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/admin/invoices/:id/credit/',
    {
      onRequest: app.requireRole('treasurer'),
      schema: { tags: ['admin'], summary: 'Reverse a final invoice with a credit note (prepare, or approve what another admin prepared)', params: IdParam, response: { 200: ApiResponse(InvoiceView), 202: ApiResponse(ApprovalView) } },
    },
    async (request, reply) => {
      const result = await creditInvoice(ctx, request.params.id, { user: request.user, log: request.log, id: request.id });
      if ('pending' in result) return reply.code(202).send(ok(result.pending));
      return ok(result);
    },
  );
}
