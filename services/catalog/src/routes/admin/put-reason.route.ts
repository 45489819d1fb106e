import { AdminReason, AdminReasonBody, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { actorOf, type CatalogContext } from '../../context';
import { assertReasonNameFree, reasonNotFound } from '../../admin/reasons';
import { adminReason } from '../../admin/views';
import { reasonModel } from '../../models/reason.model';

/** PUT /api/admin/reasons/{id}/: rename or reorder a reason (past sales keep the name they were paid with). */
export default function putAdminReason(app: ServiceApp, ctx: CatalogContext) {
  app.put(
    '/api/admin/reasons/:id/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Change a reason', params: IdParam, body: AdminReasonBody, response: { 200: ApiResponse(AdminReason) } } },
    async (request) => {
      const doc = await reasonModel(ctx.db).findById(request.params.id).lean();
      if (!doc) throw reasonNotFound();
      await assertReasonNameFree(ctx.db, request.body.name, request.params.id);
      const before = adminReason(doc);
      const after = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'reason.update', entity: 'reason', entityId: before.id, before, after: adminReason({ ...doc, ...request.body }) },
        request.log,
        async () => {
          const updated = await reasonModel(ctx.db).findByIdAndUpdate(request.params.id, { $set: request.body }, { returnDocument: 'after' }).lean();
          if (!updated) throw reasonNotFound();
          return adminReason(updated);
        },
        (view) => ({ after: view }),
      );
      return ok(after);
    },
  );
}
