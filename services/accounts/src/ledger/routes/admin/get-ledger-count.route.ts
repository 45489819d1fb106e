import { ApiResponse, LedgerCount, LedgerCountQuery, LedgerIdParam, ok } from '@kassa/contracts';
import { AppError, notFound, type ServiceApp } from '@kassa/service-kit';
import { countLedger, findLedger } from '../../accounts-admin/ledgers';
import type { AccountsContext } from '../../../context';

/** GET /api/admin/ledgers/{id}/transactions/count/?start=&end=: how many sales or postings the ledger covers. */
export default function getLedgerCount(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/ledgers/:id/transactions/count/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'What a ledger covers, counted', params: LedgerIdParam, querystring: LedgerCountQuery, response: { 200: ApiResponse(LedgerCount) } } },
    async (request) => {
      const ledger = findLedger(request.params.id);
      if (!ledger) throw notFound('This ledger does not exist.');
      const { start = null, end = null } = request.query;
      if (start && end && start > end) {
        throw new AppError(422, 'validation_error', 'The end is before the start.', [{ loc: ['querystring', 'end'], msg: 'The end is before the start.', type: 'value_error' }]);
      }
      return ok({ id: ledger.id, count: await countLedger(app.db, ctx.checkout, ledger, start, end), start, end });
    },
  );
}
