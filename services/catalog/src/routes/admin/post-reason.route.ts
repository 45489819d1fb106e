import { AdminReason, AdminReasonBody, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { actorOf, type CatalogContext } from '../../admin/catalog-context';
import { assertReasonNameFree } from '../../admin/reasons';
import { adminReason } from '../../admin/views';
import { reasonModel } from '../../models/reason.model';

/** POST /api/admin/reasons/: a new reason the till offers under Other. */
export default function postAdminReason(app: ServiceApp, ctx: CatalogContext) {
  app.post(
    '/api/admin/reasons/',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Create a reason', body: AdminReasonBody, response: { 200: ApiResponse(AdminReason) } } },
    async (request) => {
      await assertReasonNameFree(ctx.db, request.body.name);
      const created = adminReason((await reasonModel(ctx.db).create(request.body)).toObject());
      await ctx.audit.record({ actor: actorOf(request.user), action: 'reason.create', entity: 'reason', entityId: created.id, before: null, after: created }, request.log);
      return ok(created);
    },
  );
}
