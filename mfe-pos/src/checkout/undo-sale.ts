import { api, type AppThunk } from '@kassa/api-client';
import { formatMoney } from '@kassa/ui';
import { saleShown, UNDONE_SNACKBAR_MS } from '../feedback/feedback-slice';
import { checkoutApi } from './checkout-api';
import type { TillEffects } from './till-effects';
import { toKassaError } from './to-kassa-error';

/**
 * The Undo of the last sale. A card sale's money goes back at the terminal: the till asks the staff member to refund
 * it there and to confirm, and only then undoes the sale (the confirmation is audited with who gave it).
 */
const asking = new Set<string>();

export const undoSale =
  (transactionId: string, effects: TillEffects, refund?: number): AppThunk<Promise<void>> =>
  async (dispatch) => {
    if (refund !== undefined) {
      // A second tap while the question is open asks nothing new.
      if (asking.has(transactionId)) return;
      asking.add(transactionId);
      const refunded = await effects.dialogs
        .confirm({
          title: `Refund ${formatMoney(refund)} at the terminal`,
          text: `Refund ${formatMoney(refund)} to the customer's card at the payment terminal. Confirm here once the terminal has done it: the sale is then undone.`,
          confirmLabel: 'Refunded',
        })
        .finally(() => asking.delete(transactionId));
      if (!refunded) return;
    }
    try {
      await dispatch(checkoutApi.endpoints.undoTransaction.initiate({ id: transactionId, ...(refund !== undefined ? { refundConfirmed: true } : {}) }, { track: false })).unwrap();
    } catch (err) {
      void effects.dialogs.error(toKassaError(err));
      return;
    }
    dispatch(saleShown({ text: 'Transaction undone.', duration: UNDONE_SNACKBAR_MS, action: null }));
    dispatch(api.util.invalidateTags(['Accounts', 'SelfAccount', 'RecentSales']));
  };
