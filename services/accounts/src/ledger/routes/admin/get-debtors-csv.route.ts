import { DebtorsFilter } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';
import { debtorAccounts, debtorsCsv, debtorViews } from '../../accounts-admin/debtors';
import type { AccountsContext } from '../../../context';

/** GET /api/admin/debtors/csv: every debtor of the filters as CSV, for the treasurer's spreadsheet. */
export default function getDebtorsCsv(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/debtors/csv',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Accounts below zero as CSV', querystring: DebtorsFilter, response: { 200: z.string().describe('The debtors as CSV (text/csv)') } } },
    async (request, reply) => {
      await ctx.headsWritten();
      const { rows } = await debtorAccounts(app.db, request.query, ctx.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kassa-debtors-${ctx.now().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(debtorsCsv(await debtorViews(app.db, rows, ctx.now())));
    },
  );
}
