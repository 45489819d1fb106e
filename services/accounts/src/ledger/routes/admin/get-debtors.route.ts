import { ApiResponse, DebtorsQuery, DebtorsResult, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { debtorAccounts, debtorViews } from '../../accounts-admin/debtors';

/** GET /api/admin/debtors/: the open accounts below zero, most owed first, with since when and their last payment. */
export default function getDebtors(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/debtors/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Accounts below zero, most owed first', querystring: DebtorsQuery, response: { 200: ApiResponse(DebtorsResult) } } },
    async (request) => {
      const { page, perPage, kind, failed, blocked } = request.query;
      await ctx.headsWritten();
      const { rows, owed } = await debtorAccounts(app.db, { kind, failed, blocked }, ctx.now());
      const items = await debtorViews(app.db, rows.slice((page - 1) * perPage, page * perPage), ctx.now());
      return ok({ items, pageCount: Math.ceil(rows.length / perPage), total: rows.length, owed });
    },
  );
}
