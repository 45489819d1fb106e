import { IdParam } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { invoicePdf } from '../../invoices/invoice-pdf';
import { invoiceView, loadInvoice } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/** GET /api/admin/invoices/{id}/pdf: the invoice or credit note as a PDF file (A4, Dutch), named by its number. */
export default function getInvoicePdf(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/invoices/:id/pdf',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'One invoice or credit note as a PDF file', params: IdParam } },
    async (request, reply) => {
      const invoice = await invoiceView(ctx, await loadInvoice(ctx, request.params.id));
      const name = invoice.number ? `${invoice.kind === 'credit_note' ? 'creditnota' : 'factuur'}-${invoice.number}` : `concept-${invoice.id}`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}.pdf"`)
        .send(Buffer.from(await invoicePdf(invoice)));
    },
  );
}
