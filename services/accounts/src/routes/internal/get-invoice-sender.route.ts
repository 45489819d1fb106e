import { ApiResponse, InvoiceSender, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { getSettings } from '../../settings';

/** The association as the sender of invoices, for checkout: printed on a draft, frozen into an invoice when finalised. */
export default function getInvoiceSender(app: ServiceApp) {
  app.get('/internal/settings/invoice-sender', { onRequest: app.requireInternal, schema: { hide: true, response: { 200: ApiResponse(InvoiceSender) } } }, async () =>
    ok((await getSettings(app.db)).invoiceSender),
  );
}
