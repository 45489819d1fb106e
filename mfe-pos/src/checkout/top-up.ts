import type { AppThunk } from '@kassa/api-client';
import { selectCart, selectProductsTotal } from '../cart/cart-slice';
import { noticeCleared } from '../feedback/feedback-slice';
import { offlineNow } from '../offline/connection';
import { OFFLINE_REFUSALS } from '../offline/offline-rules';
import { checkoutOpened } from './checkout-slice';
import type { TillEffects } from './till-effects';

/** SPEC 5 / 9: the top-up buttons and the steps they move by, in cents. */
export const TOP_UP_BUTTONS = [-1000, -500, -100, 100, 500, 1000] as const;

/**
 * Moves the new total to the next multiple of the step up or down (€ 3,70 +1 → € 4,00, +5 → € 5,00), never below
 * the original total.
 */
export function stepTotal(current: number, original: number, delta: number): number {
  const step = Math.abs(delta);
  const next = delta > 0 ? Math.floor(current / step) * step + step : Math.ceil(current / step) * step - step;
  return Math.max(original, next);
}

export const topUpLabel = (delta: number) => `${delta > 0 ? '+' : '-'}${Math.abs(delta) / 100}`;

/** The Top-up button (bar mode): opens the amount modal; it needs the network. */
export const startTopUp = (effects?: TillEffects): AppThunk => (dispatch, getState) => {
  const state = getState();
  if (selectCart(state).topUp) return;
  if (offlineNow()) {
    void effects?.dialogs.error(OFFLINE_REFUSALS.topUp.text, { title: OFFLINE_REFUSALS.topUp.title });
    return;
  }
  dispatch(noticeCleared());
  dispatch(checkoutOpened({ step: 'top-up', totalPrice: selectProductsTotal(state), order: selectCart(state) }));
};
