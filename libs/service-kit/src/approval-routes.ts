import { ApiResponse, ApprovalList, ApprovalView, ok, type AdminRole } from '@kassa/contracts';
import { z } from 'zod';
import type { ServiceApp } from './app';
import type { AuditClient } from './audit-client';
import { pendingApprovals, rejectApproval } from './four-eyes';

const ApprovalKeyParam = z.object({ key: z.string().min(3).max(300) });

/**
 * The four-eyes routes of one service (issue 50 §5): `GET /api/admin/approvals/<service>/` lists what waits for a second
 * admin (any admin reads), `DELETE /api/admin/approvals/<service>/{key}` rejects it, or withdraws it when its preparer
 * asks (the roles of the service's four-eyes actions; the approval's own role is checked too). Approving is calling the
 * action itself as another admin.
 */
export function approvalRoutes(service: ApprovalView['service'], roles: AdminRole[]) {
  return function registerApprovalRoutes(app: ServiceApp, ctx: { audit: AuditClient; now?: () => Date }) {
    app.get(
      `/api/admin/approvals/${service}/`,
      { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: `Approvals waiting for a second admin (${service})`, response: { 200: ApiResponse(ApprovalList) } } },
      async () => ok(await pendingApprovals(app.db)),
    );
    app.delete(
      `/api/admin/approvals/${service}/:key`,
      {
        onRequest: app.requireRole(...roles),
        schema: { tags: ['admin'], summary: `Reject (or, its preparer, withdraw) a pending approval (${service})`, params: ApprovalKeyParam, response: { 200: ApiResponse(ApprovalView) } },
      },
      async (request) => ok(await rejectApproval({ db: app.db, audit: ctx.audit, log: request.log, now: ctx.now }, request.params.key, request.user)),
    );
  };
}
