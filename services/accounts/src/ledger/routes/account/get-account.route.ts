import { ApiResponse, DirectDebitSettled, nextDirectDebitDate, ok, SelfAccount, type AccountType } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../../identity/guards';
import { accountModel } from '../../models/account.model';

export const noLinkedAccount = () => new AppError(404, 'no_linked_account', 'No account is linked to this user.');

/**
 * The signed-in user's own account, with the direct debit that is coming: the account's debit in the open batch (its
 * amount frozen at the batch's cut-off), or else, for a credit account below zero, what the next batch would collect.
 */
export default function getAccount(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/account/',
    { onRequest: app.authenticate, schema: { tags: ['accounts'], summary: 'Own account', response: { 200: ApiResponse(SelfAccount) } } },
    async (request) => {
      const user = await currentUser(app, request);
      if (!user.accountId) throw noLinkedAccount();
      const account = await accountModel(app.db).findById(user.accountId).lean();
      if (!account) throw noLinkedAccount();
      const { balanceAfter: balance } = await ctx.ledger.balance(String(account._id), account.headSeq ?? 0);
      const creditAccount = account.creditAccount ?? false;
      const open = creditAccount ? (await ctx.payments(`/internal/direct-debit/settled?accountId=${String(account._id)}`, DirectDebitSettled)).open : null;
      const iban = account.iban ?? '';
      const sepa = open
        ? { execDate: open.collectionDate, balance: open.amount, iban, cutoff: open.cutoff }
        : creditAccount && balance < 0
          ? { execDate: nextDirectDebitDate(ctx.now()), balance: -balance, iban, cutoff: null }
          : null;
      return ok({
        balance,
        iban: account.iban ?? null,
        creditAccount,
        account: { id: String(account._id), name: account.name, type: (account.type ?? 'member') as AccountType, hasPin: Boolean(account.pinHash) },
        sepa,
        directDebitFailure: account.directDebitFailure ? { at: account.directDebitFailure.at.toISOString(), amount: account.directDebitFailure.amount } : null,
      });
    },
  );
}
