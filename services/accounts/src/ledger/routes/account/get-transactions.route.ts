import { ApiResponse, ok, OwnTransaction, OwnTransactionsQuery, Paged, type PostingKind } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { currentUser } from '../../../identity/guards';
import { postingModel } from '../../models/posting.model';
import { noLinkedAccount } from './get-account.route';

/** What a posting without its own description was, in the member's words. */
const KIND_LABELS: Record<PostingKind, string> = {
  purchase: 'Purchase',
  topup: 'Top-up at the bar',
  undo: 'Undo',
  ideal: 'Online top-up (iDEAL)',
  direct_debit: 'Direct debit',
  correction: 'Correction by the board',
  opening: 'Opening balance',
  expiry: 'Balance expired on closing',
  payout: 'Paid out to your bank account',
  donation: 'Donated to the association',
  fine: 'Fine on an unpaid debt',
};

export const postingDescription = (kind: PostingKind, description: string | null | undefined): string =>
  description?.trim() ? description : KIND_LABELS[kind];

/**
 * The member's own ledger, newest first. An account's postings run 1, 2, 3 … without gaps (the (accountId, seq)
 * index and the ledger audit see to that), so the first posting of a page tells the total: one read of the postings
 * per page, which matters on FerretDB, where every filtered read scans the collection. [ferretdb:scan]
 */
export default function getOwnTransactions(app: ServiceApp) {
  app.get(
    '/api/account/transactions',
    {
      onRequest: app.authenticate,
      schema: { tags: ['accounts'], summary: 'Own account history, newest first', querystring: OwnTransactionsQuery, response: { 200: ApiResponse(Paged(OwnTransaction)) } },
    },
    async (request) => {
      const { page, perPage } = request.query;
      const user = await currentUser(app, request);
      if (!user.accountId) throw noLinkedAccount();
      const Posting = postingModel(app.db);
      const postings = await Posting.find({ accountId: user.accountId }, { seq: 1, at: 1, kind: 1, description: 1, amount: 1, balanceAfter: 1 })
        .sort({ seq: -1 })
        .skip((page - 1) * perPage)
        .limit(perPage)
        .lean();
      const first = postings[0];
      const total = first ? first.seq + (page - 1) * perPage : page === 1 ? 0 : await Posting.countDocuments({ accountId: user.accountId });
      return ok({
        items: postings.map((p) => ({
          id: String(p._id),
          at: p.at.toISOString(),
          kind: p.kind as PostingKind,
          description: postingDescription(p.kind as PostingKind, p.description),
          amount: p.amount,
          balanceAfter: p.balanceAfter,
        })),
        pageCount: Math.ceil(total / perPage),
        total,
      });
    },
  );
}
