import { ApiResponse, LedgerDayQuery, LedgerDayTotals, ok, type PostingKind } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { ledgerOfKind } from '../../accounts-admin/ledgers';
import { postingModel } from '../../models/posting.model';

/**
 * One Dutch day's postings summed per kind, for the accounting export: an equality match on the stored `day` and a
 * `$group` with `$sum` only (what FerretDB runs). The sum of all kinds is the day's change of member balances.
 */
export default function getLedgerDay(app: ServiceApp) {
  app.get(
    '/internal/ledger/day',
    { preHandler: app.requireInternal, schema: { hide: true, querystring: LedgerDayQuery, response: { 200: ApiResponse(LedgerDayTotals) } } },
    async (request) => {
      const { day } = request.query;
      const rows = await postingModel(app.db).aggregate<{ _id: string; total: number; count: number }>([
        { $match: { day } },
        { $group: { _id: '$kind', total: { $sum: '$amount' }, count: { $sum: 1 } } },
      ]);
      const byKind = rows
        .map((r) => ({ kind: r._id, ledgerId: ledgerOfKind(r._id as PostingKind), total: r.total, count: r.count }))
        .sort((a, b) => a.kind.localeCompare(b.kind));
      return ok({ day, byKind });
    },
  );
}
