import { ApiResponse, InternalAccount, InvoicePreview, InvoicePreviewQuery, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { invoiceLines } from '../../invoices/invoice-lines';
import { collectedThrough } from '../../invoices/invoices';
import type { CheckoutContext } from '../../context';

/** GET /api/admin/invoices/preview/: the lines an invoice for this account and period would have, before making it. */
export default function getInvoicePreview(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/admin/invoices/preview/',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: "An account's sales over a period as invoice lines", querystring: InvoicePreviewQuery, response: { 200: ApiResponse(InvoicePreview) } },
    },
    async (request) => {
      const { accountId, from, to } = request.query;
      const account = await ctx.accounts(`/internal/accounts/${accountId}`, InternalAccount).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404) {
          throw new AppError(422, 'validation_error', 'Choose an account.', [{ loc: ['query', 'accountId'], msg: 'This account does not exist.', type: 'value_error' }]);
        }
        throw err;
      });
      return ok({ accountName: account.name, ...(await invoiceLines(ctx.db, accountId, from, to, await collectedThrough(ctx, account))) });
    },
  );
}
