import { ApiResponse, DirectDebitFailureRequest, DirectDebitFailureResult, IdParam, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { usersOfAccounts } from '../../../notices/notices';
import { accountModel } from '../../models/account.model';

/**
 * The bank reversed a direct debit (payments booked the debt back): as the terms say, credit is switched off and the
 * member must top up by hand; the member's page shows the failure. Payments writes the one audit entry of the change.
 * The account's users get a 'debit.failed' mail. Safe to repeat: the same failure again changes nothing.
 */
export default function postDirectDebitFailure(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/internal/accounts/:id/direct-debit-failure',
    { onRequest: app.requireInternal, schema: { hide: true, params: IdParam, body: DirectDebitFailureRequest, response: { 200: ApiResponse(DirectDebitFailureResult) } } },
    async (request) => {
      const Account = accountModel(app.db);
      const before = await Account.findById(request.params.id, { creditAccount: 1 }).lean();
      if (!before) throw new AppError(404, 'not_found', 'Account not found.');
      const { batchId, amount, at } = request.body;
      // Under the account's lock, so the balance-cache write of the reversal posting cannot put credit back (the local
      // database writes a document whole).
      await ctx.ledger.updateAccount(request.params.id, { creditAccount: false, directDebitFailure: { at: new Date(at), amount, batchId } });
      // The till's account list shows credit off at once.
      ctx.directory.invalidate();
      // Each of the account's users is told by mail (issue 48 §3), once per batch: the key holds on a repeat. A notice
      // that cannot be queued now is recorded and sent at the worker's next start; it never undoes the failure.
      for (const user of (await usersOfAccounts(app.db, [request.params.id])).get(request.params.id) ?? []) {
        await ctx.notices
          .queue({ key: `debit.failed:${batchId}:${request.params.id}:${String(user._id)}`, kind: 'debit.failed', user, accountId: request.params.id, data: { amount, failedOn: at } })
          .catch((err: unknown) => request.log.warn({ err: (err as Error).message, accountId: request.params.id }, 'failed-debit mail not queued'));
      }
      return ok({ creditAccountBefore: before.creditAccount ?? false, creditAccount: false });
    },
  );
}
