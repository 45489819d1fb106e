import { ApiResponse, DirectDebitSettled, DirectDebitSettledQuery, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { settledThrough } from '../../settled';
import type { PaymentsContext } from '../../../context';

/**
 * GET /internal/direct-debit/settled?accountId=: up to which cut-off direct debit settles the account (checkout, for
 * an invoice) and its debit in the open batch (accounts, for the member's page).
 */
export default function getDirectDebitSettled(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/internal/direct-debit/settled',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: DirectDebitSettledQuery, response: { 200: ApiResponse(DirectDebitSettled) } } },
    async (request) => ok(await settledThrough(ctx.db, request.query.accountId)),
  );
}
