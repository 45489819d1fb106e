import { AdminPosting, AdminPostingsQuery, ApiResponse, IdParam, ok, Paged, type PostingKind } from '@kassa/contracts';
import { notFound, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { accountModel } from '../../models/account.model';
import { postingModel } from '../../models/posting.model';
import { postingDescription } from '../account/get-transactions.route';

/**
 * GET /api/admin/accounts/{id}/postings/: the account's history, newest first, 15 a page, with who booked an admin
 * posting and why. An account's postings run 1, 2, 3 … without gaps, so a page is a range of seq below the head:
 * one indexed read per page however long the history is.
 */
export default function getAdminAccountPostings(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/accounts/:id/postings/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'An account history, newest first', params: IdParam, querystring: AdminPostingsQuery, response: { 200: ApiResponse(Paged(AdminPosting)) } } },
    async (request) => {
      const { page, perPage } = request.query;
      const id = request.params.id;
      const account = await accountModel(app.db).findById(id, { headSeq: 1 }).lean();
      if (!account) throw notFound('This account does not exist.');
      const head = await ctx.ledger.balance(id, account.headSeq ?? 0);
      const top = head.seq - (page - 1) * perPage;
      const postings =
        top > 0
          ? await postingModel(app.db)
              .find({ accountId: account._id, seq: { $gt: Math.max(0, top - perPage), $lte: top } })
              .sort({ seq: -1 })
              .lean()
          : [];
      // Fines on this page that an admin waived (the waiver is keyed by the fine).
      const fines = postings.filter((p) => p.kind === 'fine' && p.amount < 0).map((p) => `fine-waived:${id}:${p.seq}`);
      const waived = new Set(fines.length ? (await postingModel(app.db).find({ key: { $in: fines } }, { key: 1 }).lean()).map((w) => w.key) : []);
      return ok({
        items: postings.map((p) => ({
          seq: p.seq,
          at: p.at.toISOString(),
          day: p.day ?? null,
          kind: p.kind as PostingKind,
          amount: p.amount,
          balanceAfter: p.balanceAfter,
          ref: p.ref ?? '',
          description: postingDescription(p.kind as PostingKind, p.description),
          method: p.method ?? null,
          reason: p.reason ?? null,
          by: p.by ?? null,
          ...(p.kind === 'fine' && p.amount < 0 ? { waived: waived.has(`fine-waived:${id}:${p.seq}`) } : {}),
        })),
        pageCount: Math.ceil(head.seq / perPage),
        total: head.seq,
      });
    },
  );
}
