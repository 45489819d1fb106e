import { ApiResponse, BalanceAtDate, BalanceQuery, ok } from '@kassa/contracts';
import { dayRange, type ServiceApp } from '@kassa/service-kit';
import { postingModel } from '../../models/posting.model';

/**
 * GET /api/admin/accounts/balance/?date=: what the accounts held at the end of a Dutch day, from the ledger itself
 * (the sum of each account's postings up to then), split into money held for members (accounts above zero) and money
 * owed by credit accounts (below zero). For today it equals the sum of the ledger heads.
 */
export default function getAccountsBalance(app: ServiceApp) {
  app.get(
    '/api/admin/accounts/balance/',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Balance of all accounts at the end of a day', querystring: BalanceQuery, response: { 200: ApiResponse(BalanceAtDate) } } },
    async (request) => {
      const { date } = request.query;
      const { end } = dayRange(date);
      const sums = await postingModel(app.db).aggregate<{ _id: unknown; total: number }>([{ $match: { at: { $lt: end } } }, { $group: { _id: '$accountId', total: { $sum: '$amount' } } }]);
      let held = 0;
      let owed = 0;
      let accountsHeld = 0;
      let accountsOwing = 0;
      for (const { total } of sums) {
        if (total > 0) {
          held += total;
          accountsHeld++;
        } else if (total < 0) {
          owed -= total;
          accountsOwing++;
        }
      }
      return ok({ date, held, owed, net: held - owed, accountsHeld, accountsOwing });
    },
  );
}
