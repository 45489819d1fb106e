import { ApiResponse, BalanceAtDate, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';

/**
 * What the member accounts hold and owe now (the ledger heads: today's balance as GET /api/admin/accounts/balance/
 * answers it), for checkout's reports (the treasurer's view).
 */
export default function getInternalLedgerBalance(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/internal/ledger/balance',
    { onRequest: app.requireInternal, schema: { hide: true, response: { 200: ApiResponse(BalanceAtDate) } } },
    async () => {
      const balance = await ctx.balanceDays.current();
      return ok({ ...balance, net: balance.held - balance.owed });
    },
  );
}
