import { AdminReason, AdminReasonBody, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { actorOf, type CatalogContext } from '../../context';
import { assertReasonNameFree } from '../../admin/reasons';
import { adminReason } from '../../admin/views';
import { reasonModel } from '../../models/reason.model';

/** POST /api/admin/reasons/: a new reason the till offers under Other. */
export default function postAdminReason(app: ServiceApp, ctx: CatalogContext) {
  app.post(
    '/api/admin/reasons/',
    { onRequest: app.requireRole('bar_committee'), schema: { tags: ['admin'], summary: 'Create a reason', body: AdminReasonBody, response: { 200: ApiResponse(AdminReason) } } },
    async (request) => {
      await assertReasonNameFree(ctx.db, request.body.name);
      // The id is made here, so the audit entry written ahead of the reason names it.
      const _id = new Types.ObjectId();
      const created = await ctx.audit.audited(
        { actor: actorOf(request.user), action: 'reason.create', entity: 'reason', entityId: String(_id), before: null, after: adminReason({ _id, ...request.body }) },
        request.log,
        async () => adminReason((await reasonModel(ctx.db).create({ _id, ...request.body })).toObject()),
        (view) => ({ after: view }),
      );
      return ok(created);
    },
  );
}
