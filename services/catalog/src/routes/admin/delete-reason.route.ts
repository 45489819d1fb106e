import { AdminReason, ApiResponse, IdParam, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { actorOf, type CatalogContext } from '../../context';
import { reasonNotFound } from '../../admin/reasons';
import { adminReason } from '../../admin/views';
import { reasonModel } from '../../models/reason.model';

/** DELETE /api/admin/reasons/{id}/: the till stops offering it; past sales keep the reason as text. */
export default function deleteAdminReason(app: ServiceApp, ctx: CatalogContext) {
  app.delete(
    '/api/admin/reasons/:id/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Delete a reason', params: IdParam, response: { 200: ApiResponse(AdminReason) } } },
    async (request) => {
      const doc = await reasonModel(ctx.db).findById(request.params.id).lean();
      if (!doc) throw reasonNotFound();
      const before = adminReason(doc);
      await ctx.audit.audited({ actor: actorOf(request.user), action: 'reason.delete', entity: 'reason', entityId: before.id, before, after: null }, request.log, () =>
        reasonModel(ctx.db).deleteOne({ _id: doc._id }),
      );
      return ok(before);
    },
  );
}
