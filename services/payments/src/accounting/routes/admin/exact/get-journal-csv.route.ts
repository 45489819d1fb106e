import { JournalCsvQuery } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';
import { assertMapped, unmappedOf } from '../../../export-rules';
import { journalCsv } from '../../../journal-csv';
import { daysBetween, loadJournals, loadLedgers } from '../../../journal-sources';
import type { PaymentsContext } from '../../../../context';

/**
 * The journal of a range of days as CSV (associations without Exact): one line per entry line. Reading books nothing,
 * so today may be part of it (its entry grows until the day ends).
 */
export default function getJournalCsv(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/exact/journal.csv',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Accounting export: the journal as CSV', querystring: JournalCsvQuery, response: { 200: z.string().describe('The journal as CSV (text/csv)') } },
    },
    async (request, reply) => {
      const { start, end, decimals } = request.query as { start: string; end: string; decimals: 'nl' | 'en' };
      assertMapped(unmappedOf(await loadLedgers(ctx)));
      const csv = journalCsv(await loadJournals(ctx, daysBetween(start, end)), decimals);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kassa-journal-${start}-${end}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
