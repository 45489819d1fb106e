import { ApiResponse, IdParam, InternalAccount, ok, type AccountType } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { accountModel } from '../../models/account.model';

/** An account for other services; the balance is the ledger head's. */
export default function getInternalAccount(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/internal/accounts/:id',
    { onRequest: app.requireInternal, schema: { hide: true, params: IdParam, response: { 200: ApiResponse(InternalAccount) } } },
    async (request) => {
      const account = await accountModel(app.db).findById(request.params.id, { name: 1, type: 1, creditAccount: 1, tab: 1, invoiceName: 1, invoiceAddress: 1, headSeq: 1 }).lean();
      if (!account) throw new AppError(404, 'not_found', 'Account not found.');
      const { balanceAfter } = await ctx.ledger.balance(String(account._id), account.headSeq ?? 0);
      return ok({
        id: String(account._id),
        name: account.name,
        type: (account.type ?? 'member') as AccountType,
        creditAccount: account.creditAccount ?? false,
        balance: balanceAfter,
        tab: account.tab ?? false,
        invoiceName: account.invoiceName ?? null,
        invoiceAddress: account.invoiceAddress ?? null,
      });
    },
  );
}
