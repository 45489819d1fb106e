import { ApiResponse, JournalEntry, JournalQuery, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { assertMapped, unmappedOf } from '../../../export-rules';
import { loadJournals, loadLedgers } from '../../../journal-sources';
import type { PaymentsContext } from '../../../../context';

/** One day's entry as the export would book it (the page's preview). */
export default function getJournal(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/exact/journal',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Accounting export: one day\'s journal entry', querystring: JournalQuery, response: { 200: ApiResponse(JournalEntry) } } },
    async (request) => {
      const { day } = request.query as { day: string };
      assertMapped(unmappedOf(await loadLedgers(ctx)));
      const [entry] = await loadJournals(ctx, [day]);
      return ok(entry!);
    },
  );
}
