import { ApiResponse, ok, TAB_LIMIT_MAX, TillAccountsResult, type TillAccount } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { requireAnyCapability } from '../../../identity/guards';
import { getSettings } from '../../../settings';

/**
 * Accounts for the till's picker. Bar-mode registers (PAYMENT_ACCOUNT_OTHER) see balances and badges; other tills
 * only names, since there the member types their own PIN in front of others. Served from the in-memory directory.
 */
export default function getAccounts(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/accounts/',
    {
      onRequest: requireAnyCapability(app, 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_ACCOUNT_OTHER'),
      schema: { tags: ['accounts'], summary: 'Accounts for the till', response: { 200: ApiResponse(TillAccountsResult) } },
    },
    async (request) => {
      const barMode = request.user.capabilities.includes('PAYMENT_ACCOUNT_OTHER');
      // Offline sales are allowed down to this floor (decisions "Offline till"): the board's cap for prepaid accounts,
      // minus the credit limit for credit accounts, minus a tab's limit (the largest a tab may have when it has none).
      const settings = barMode ? await getSettings(app.db) : null;
      const floor = (a: { creditAccount: boolean; creditLimit: number | null; tab: boolean; tabLimit: number | null }) =>
        settings ? (a.tab ? -(a.tabLimit ?? TAB_LIMIT_MAX) : a.creditAccount ? -(a.creditLimit ?? settings.creditLimit) : settings.offlinePrepaidFloor) : null;
      const accounts: TillAccount[] = (await ctx.directory.list()).map((a) => ({
        id: a.id,
        name: a.name,
        lastUsed: a.lastUsed ? a.lastUsed.toISOString() : null,
        balance: barMode ? a.balance : null,
        directDebit: barMode ? a.creditAccount : null,
        type: barMode ? a.type : null,
        offlineFloor: floor(a),
        tab: barMode ? a.tab : null,
        tabLimit: barMode && a.tab ? a.tabLimit : null,
      }));
      return ok({ accounts });
    },
  );
}
