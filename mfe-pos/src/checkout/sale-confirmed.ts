import { api, type AppThunk } from '@kassa/api-client';
import type { CheckoutMethod, PurchaseResult } from '@kassa/contracts';
import { formatMoney } from '@kassa/ui';
import { accountsApi } from '../accounts/accounts-api';
import { cartCleared } from '../cart/cart-slice';
import { checkmarkShown, saleShown, UNDO_SNACKBAR_MS } from '../feedback/feedback-slice';
import { saleFinished } from './checkout-slice';
import type { TillEffects } from './till-effects';
import { barMode, mayUndo } from './till-mode';

/** SPEC 9 "Successful transaction for {amount} ..."; balances only where the till may show them. */
export function successText(result: PurchaseResult, showBalance: boolean): string {
  const text = `Successful transaction for ${formatMoney(result.total)}`;
  if (showBalance && result.accountName && result.balance_after !== null) {
    return `${text} ... ${result.accountName} now has ${formatMoney(result.balance_after)}`;
  }
  return `${text} ...`;
}

/** A purchase went through: clear the cart, confirm it, and offer the undo where allowed. */
export const saleConfirmed =
  (result: PurchaseResult, method: CheckoutMethod, effects: TillEffects, paidAccountId: string | null, topUpAccountId: string | null): AppThunk =>
  (dispatch, getState) => {
    const state = getState();
    const bar = barMode(state);
    dispatch(saleFinished());
    dispatch(cartCleared());
    dispatch(checkmarkShown(method === 'account' || method === 'self' ? `Paid by ${result.accountName ?? 'account'}` : 'Paid'));
    // A card sale's Undo asks for the refund at the terminal first (undoSale).
    const undoable = mayUndo(state);
    dispatch(
      saleShown({
        text: successText(result, bar || method === 'self'),
        duration: UNDO_SNACKBAR_MS,
        action: undoable ? { kind: 'undo-sale', label: 'Undo sale', transactionId: result.transaction_id, ...(method === 'card' ? { refund: result.total } : {}) } : null,
      }),
    );
    if (method === 'account' || method === 'self') effects.playSuccess();
    dispatch(api.util.invalidateTags(['RecentSales']));
    if (method === 'self') dispatch(api.util.invalidateTags(['SelfAccount']));
    // Bar mode shows balances in the picker: patch the one that changed instead of reloading thousands of accounts.
    const changed = paidAccountId ?? topUpAccountId;
    if (bar && changed && result.balance_after !== null) {
      dispatch(
        accountsApi.util.updateQueryData('getTillAccounts', undefined, (draft) => {
          const account = draft.accounts.find((a) => a.id === changed);
          if (account) account.balance = result.balance_after;
        }),
      );
    }
  };
