import { ApiResponse, AuditEntryRequest, AuditEntryResult, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { auditEntryOf, writeAudit } from '../../audit/audit';
import type { AccountsContext } from '../../../context';

/** The audit log for admin mutations made in other services (their auditClient posts here). */
export default function postAudit(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/internal/audit',
    { onRequest: app.requireInternal, schema: { hide: true, body: AuditEntryRequest, response: { 200: ApiResponse(AuditEntryResult) } } },
    async (request) => {
      const stored = await writeAudit(app.db, auditEntryOf(request.body, ctx.now()));
      return ok(stored);
    },
  );
}
