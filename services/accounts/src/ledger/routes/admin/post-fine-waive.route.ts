import { AdminPosting, ApiResponse, formatEuros, ok, type PostingKind } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { z } from 'zod';
import type { AccountsContext } from '../../../context';
import { auditActor } from '../../audit/audit';
import { postingModel } from '../../models/posting.model';
import { postingDescription } from '../account/get-transactions.route';

const Params = z.object({ id: z.string().regex(/^[a-f0-9]{24}$/, 'Not a valid id.'), seq: z.coerce.number().int().min(1) });

/**
 * POST /api/admin/accounts/{id}/fines/{seq}/waive: takes a fine back (issue 48 §3) with its own posting (keyed by the
 * fine, so twice books once) and an audit entry. A waiver that pays the debt ends the failed debit's block as any
 * credit does.
 */
export default function postFineWaive(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/accounts/:id/fines/:seq/waive',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Waive a fine', params: Params, response: { 200: ApiResponse(AdminPosting) } } },
    async (request) => {
      const { id, seq } = request.params;
      const fine = await postingModel(app.db).findOne({ accountId: new Types.ObjectId(id), seq }).lean();
      if (!fine || fine.kind !== 'fine' || fine.amount >= 0) throw new AppError(404, 'not_found', 'No fine with this number on this account.');
      const key = `fine-waived:${id}:${seq}`;
      const at = ctx.now();
      const posted = await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'fine.waive', entity: 'account', entityId: id, before: { fine: -fine.amount, seq }, after: { waived: -fine.amount, seq }, expect: { posting: key }, key: `fine.waive:${id}:${seq}`, at },
        request.log,
        () => ctx.ledger.post({ accountId: id, amount: -fine.amount, key, kind: 'fine', ref: fine.ref ?? 'fine', description: `Fine of ${formatEuros(-fine.amount)} waived`, by: request.user.username }),
      );
      return ok({
        seq: posted.seq,
        at: at.toISOString(),
        day: null,
        kind: 'fine' as PostingKind,
        amount: posted.amount,
        balanceAfter: posted.balanceAfter,
        ref: fine.ref ?? '',
        description: postingDescription('fine', `Fine of ${formatEuros(-fine.amount)} waived`),
        method: null,
        reason: null,
        by: request.user.username,
      });
    },
  );
}
