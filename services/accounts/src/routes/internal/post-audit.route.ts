import { ApiResponse, AuditEntryRequest, AuditEntryResult, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { writeAudit } from '../../audit';
import type { AccountsContext } from '../../context';

/** The audit log for admin mutations made in other services (their auditClient posts here). */
export default function postAudit(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/internal/audit',
    { preHandler: app.requireInternal, schema: { hide: true, body: AuditEntryRequest, response: { 200: ApiResponse(AuditEntryResult) } } },
    async (request) => {
      const body = request.body;
      const stored = await writeAudit(app.db, {
        key: body.key,
        who: { userId: body.actor.id, username: body.actor.username },
        action: body.action,
        entityType: body.entity,
        entityId: body.entityId,
        before: body.before,
        after: body.after,
        at: body.at ? new Date(body.at) : ctx.now(),
        service: body.service,
      });
      return ok(stored);
    },
  );
}
