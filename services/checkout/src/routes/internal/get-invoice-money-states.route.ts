import { ApiResponse, ledgerKeys, MoneyStatesResult, ok, type MoneyState } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { invoiceModel, type InvoiceDoc } from '../../invoices/invoice.model';
import type { CheckoutContext } from '../../context';

/**
 * The invoices whose state carries money, for the ledger audit in accounts: a paid invoice's payment stands once
 * (+total under `invoice:<id>:paid`), a final or credited one has none standing (a credit took any payment back).
 */
export default function getInvoiceMoneyStates(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/internal/invoices/money-states',
    { onRequest: app.requireInternal, schema: { hide: true, response: { 200: ApiResponse(MoneyStatesResult) } } },
    async () => {
      const docs = (await invoiceModel(ctx.db).find({ status: { $in: ['final', 'paid', 'credited'] } }, { kind: 1, status: 1, number: 1, total: 1, updatedAt: 1 }).lean()) as InvoiceDoc[];
      const states: MoneyState[] = docs
        .filter((d) => (d.kind ?? 'invoice') === 'invoice')
        .map((d) => ({
          ref: `Invoice ${d.number ?? String(d._id)}`,
          status: d.status,
          keys: [ledgerKeys.invoicePaid(String(d._id)), ledgerKeys.invoiceCredited(String(d._id))],
          net: d.status === 'paid' ? (d.total ?? 0) : 0,
          changedAt: d.updatedAt.toISOString(),
        }));
      return ok({ states });
    },
  );
}
