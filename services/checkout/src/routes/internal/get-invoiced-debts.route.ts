import { ApiResponse, InvoicedDebts, InvoicedDebtsQuery, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { invoiceLines } from '../../invoices/invoice-lines';
import { invoiceModel, type InvoiceDoc } from '../../invoices/invoice.model';
import type { CheckoutContext } from '../../context';

/**
 * GET /internal/invoices/debts?cutoff= (payments, for a direct-debit batch): per account, the sales up to the cut-off
 * that a final or paid invoice bills, as that invoice counted them (without what a batch collected before it). The
 * batch leaves them out: the invoice settles them, so a sale is never both invoiced and debited.
 */
export default function getInvoicedDebts(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/internal/invoices/debts',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: InvoicedDebtsQuery, response: { 200: ApiResponse(InvoicedDebts) } } },
    async (request) => {
      const { cutoff } = request.query;
      const invoices = (await invoiceModel(ctx.db).find({ status: { $in: ['final', 'paid'] } }).lean()) as InvoiceDoc[];
      const byAccount = new Map<string, { accountId: string; amount: number; numbers: string[] }>();
      for (const inv of invoices) {
        if ((inv.kind ?? 'invoice') !== 'invoice' || inv.from > cutoff) continue;
        // An invoice over days up to the cut-off bills what it froze; one running past it, its sales up to it.
        const total = inv.to <= cutoff ? (inv.total ?? 0) : (await invoiceLines(ctx.db, inv.accountId, inv.from, cutoff, inv.collectedThrough ?? null)).total;
        if (total <= 0) continue;
        const row = byAccount.get(inv.accountId) ?? { accountId: inv.accountId, amount: 0, numbers: [] };
        row.amount += total;
        row.numbers.push(inv.number ?? '');
        byAccount.set(inv.accountId, row);
      }
      return ok({ accounts: [...byAccount.values()] });
    },
  );
}
