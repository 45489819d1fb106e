import { ApiResponse, DirectDebitFailureRequest, DirectDebitFailureResult, IdParam, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../context';
import { accountModel } from '../../models/account.model';

/**
 * The bank reversed a direct debit (payments booked the debt back): as the terms say, credit is switched off and the
 * member must top up by hand; the member's page shows the failure. Payments writes the one audit entry of the change.
 * Safe to repeat: the same failure again changes nothing.
 */
export default function postDirectDebitFailure(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/internal/accounts/:id/direct-debit-failure',
    { preHandler: app.requireInternal, schema: { hide: true, params: IdParam, body: DirectDebitFailureRequest, response: { 200: ApiResponse(DirectDebitFailureResult) } } },
    async (request) => {
      const Account = accountModel(app.db);
      const before = await Account.findById(request.params.id, { creditAccount: 1 }).lean();
      if (!before) throw new AppError(404, 'not_found', 'Account not found.');
      const { batchId, amount, at } = request.body;
      // The local database updates by reading and writing the whole document: a balance-cache write of the reversal
      // posting running at the same moment could put credit back. Let those writes land first, then check.
      await ctx.ledger.settled();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await Account.updateOne({ _id: before._id }, { $set: { creditAccount: false, directDebitFailure: { at: new Date(at), amount, batchId } } });
        const now = await Account.findById(before._id, { creditAccount: 1, directDebitFailure: 1 }).lean();
        if (now && !now.creditAccount && now.directDebitFailure?.batchId === batchId) break;
        if (attempt === 4) throw new AppError(503, 'service_unavailable', 'The account is busy. Please try again.');
      }
      // The till's account list and the ledger's account cache show credit off at once.
      ctx.directory.invalidate();
      ctx.ledger.forget(request.params.id);
      return ok({ creditAccountBefore: before.creditAccount ?? false, creditAccount: false });
    },
  );
}
