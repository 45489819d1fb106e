import { api, type AppThunk } from '@kassa/api-client';
import type { CheckoutMethod, RecentSale } from '@kassa/contracts';
import { formatMoney } from '@kassa/ui';
import type { TillEffects } from '../checkout/till-effects';
import { undoSale } from '../checkout/undo-sale';
import { saleShown, UNDONE_SNACKBAR_MS } from '../feedback/feedback-slice';
import { loadOffline } from '../offline/load-offline';

/** How the recent-sales list names a sale's method (the pay buttons' words). */
export const METHOD_LABELS: Record<CheckoutMethod, string> = { cash: 'Cash', card: 'Card', account: 'Account', other: 'Other', self: 'Own account' };

/** "Undo sale of € 3,50 (Cash)?" and what happens to the money, for the confirmation before an undo from the list. */
export function undoQuestion(sale: Pick<RecentSale, 'amount' | 'method' | 'accountName' | 'topUp'>): { title: string; text: string } {
  const amount = formatMoney(sale.amount);
  const title = `Undo sale of ${amount} (${METHOD_LABELS[sale.method]})?`;
  const topUp = sale.topUp ? ` The top-up of ${formatMoney(sale.topUp)} on ${sale.accountName ?? 'the account'} is taken back.` : '';
  switch (sale.method) {
    case 'cash':
      return { title, text: `Give ${amount} back from the cash box.${topUp}` };
    case 'account':
    case 'self':
      return { title, text: `${amount} goes back to ${sale.accountName ?? 'the account'}.` };
    default:
      return { title, text: `The sale of ${amount} is booked as undone.${topUp}` };
  }
}

/**
 * Undo of a sale from the recent-sales list, after a confirmation that names its amount. A card sale asks for the
 * refund at the terminal instead (the same question as the strip's Undo sale), which names the amount too.
 */
export const undoRecentSale =
  (sale: RecentSale, effects: TillEffects): AppThunk<Promise<void>> =>
  async (dispatch) => {
    if (sale.method === 'card') {
      await dispatch(undoSale(sale.transaction_id, effects, sale.amount));
      return;
    }
    const confirmed = await effects.dialogs.confirm({ ...undoQuestion(sale), confirmLabel: 'Undo sale' });
    if (!confirmed) return;
    await dispatch(undoSale(sale.transaction_id, effects));
  };

/**
 * Undo of a sale made offline: out of the queue while it waits ("Transaction undone.", nothing was booked); once
 * sent, undone on the server like any other sale.
 */
export const undoWaitingSale =
  (key: string, effects: TillEffects): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const { dropWaiting } = await loadOffline();
    const result = await dropWaiting(key);
    if (result.dropped) {
      dispatch(saleShown({ text: 'Transaction undone.', duration: UNDONE_SNACKBAR_MS, action: null }));
      dispatch(api.util.invalidateTags(['Accounts']));
      return;
    }
    if (result.transactionId) {
      await dispatch(undoSale(result.transactionId, effects));
      return;
    }
    void effects.dialogs.error('This sale is no longer waiting: it was refused when sent, so nothing was booked. The bar manager finds it under Admin › Transactions › Refused offline sales.', {
      title: 'Nothing to undo',
    });
  };
