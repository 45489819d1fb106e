import { ApiResponse, LedgerAuditLatest, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { latestAuditRun } from '../../audit-runs';

/** The latest ledger self-audit (the worker runs it hourly; `npm run ledger:audit` on demand) for the admin dashboard. */
export default function getLedgerAudit(app: ServiceApp) {
  app.get(
    '/api/admin/ledger_audit',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Latest ledger self-audit', response: { 200: ApiResponse(LedgerAuditLatest) } } },
    async () => ok({ latest: await latestAuditRun(app.db) }),
  );
}
