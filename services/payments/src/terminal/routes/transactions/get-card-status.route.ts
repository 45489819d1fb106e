import { ApiResponse, CardStatusResult, IdParam, ok, type TransactionStatus } from '@kassa/contracts';
import { notFound, type ServiceApp } from '@kassa/service-kit';
import { cardTransactionModel } from '../../models/card-transaction.model';
import type { PaymentsContext } from '../../../context';

const FAILED = new Set(['expired', 'cancelled', 'deleted']);

/** The till polls this every second while a card payment is pending (SPEC 4). */
export default function getCardStatus(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/transactions/card/:id/status/',
    {
      onRequest: app.authenticate,
      schema: { tags: ['payments'], summary: 'Status of the card payment of a sale', params: IdParam, response: { 200: ApiResponse(CardStatusResult) } },
    },
    async (request) => {
      const ct = await cardTransactionModel(ctx.db).findOne({ transactionId: request.params.id }).lean();
      if (!ct) throw notFound('Card transaction not found');
      return ok({
        status: ct.status as TransactionStatus,
        transaction_id: ct.transactionId,
        price: ct.amount,
        terminal: ct.terminal ? { friendly_name: ct.terminal.friendly_name ?? '', brand: ct.terminal.brand ?? '' } : null,
        failed: FAILED.has(ct.status),
        error: ct.error ?? null,
      });
    },
  );
}
