import { ApiResponse, BalanceAtDate, BalanceQuery, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';

/**
 * GET /api/admin/accounts/balance/?date=: what the accounts held at the end of a Dutch day, from the ledger itself
 * (accounts/balance-days.ts), split into money held for members (accounts above zero) and money owed by credit
 * accounts (below zero). For today it equals the sum of the ledger heads.
 */
export default function getAccountsBalance(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/accounts/balance/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Balance of all accounts at the end of a day', querystring: BalanceQuery, response: { 200: ApiResponse(BalanceAtDate) } } },
    async (request) => {
      const { date } = request.query;
      const balance = await ctx.balanceDays.balanceAt(date);
      return ok({ date, ...balance, net: balance.held - balance.owed });
    },
  );
}
