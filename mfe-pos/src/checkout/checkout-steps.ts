import { selectConfig, type AppThunk } from '@kassa/api-client';
import type { CheckoutMethod } from '@kassa/contracts';
import { ageAnswered, cartCleared, selectAgeToAsk, selectCart, selectTotal, topUpSet } from '../cart/cart-slice';
import { noticeCleared } from '../feedback/feedback-slice';
import { offlineNow } from '../offline/connection';
import { OFFLINE_REFUSALS } from '../offline/offline-rules';
import { finishCard } from './card-payment';
import {
  accountPicked,
  cancelled,
  cardHandedOver,
  checkoutOpened,
  selectCheckoutBusy,
  selectStack,
  selectTopModal,
  topUpAccountStored,
  type PickedAccount,
} from './checkout-slice';
import { purchase } from './purchase';
import { AGE_ACCOUNT, AGE_QUESTION } from './age-question';
import type { TillEffects } from './till-effects';
import { barMode } from './till-mode';

/** The buttons under the cart (SPEC 6). Cash, Other, Account and Top-up open a modal; Card and own account pay at once. */
export const startCheckout =
  (method: CheckoutMethod, effects: TillEffects): AppThunk =>
  (dispatch, getState) => {
    const state = getState();
    if (selectCheckoutBusy(state) || selectStack(state).length > 0) return;
    const totalPrice = selectTotal(state);
    if (totalPrice <= 0 && selectCart(state).entries.length === 0 && !selectCart(state).returns?.length) return;
    if (offlineNow()) {
      // Said before a modal opens: these need the server (a terminal, a PIN check, the own account).
      const refusal =
        method === 'card' ? OFFLINE_REFUSALS.card : method === 'self' ? OFFLINE_REFUSALS.self : method === 'account' && !barMode(state) ? OFFLINE_REFUSALS.pin : null;
      if (refusal) {
        void effects.dialogs.error(refusal.text, { title: refusal.title });
        return;
      }
      if (method === 'account' && selectCart(state).topUp) return;
    }
    if (selectConfig(state)?.ageCheck === 'account' && method !== 'account' && method !== 'self' && selectAgeToAsk(state)) {
      void effects.dialogs.error(AGE_ACCOUNT.text, { title: AGE_ACCOUNT.title });
      return;
    }
    if ((selectConfig(state)?.ageCheck === 'ask' || selectCart(state).ageRequired === true) && selectAgeToAsk(state)) {
      // Once per order, before any payment: a second tap while the question is open asks nothing more.
      if (selectCart(state).age === 'asking') return;
      dispatch(ageAnswered('asking'));
      void effects.dialogs.confirm({ title: AGE_QUESTION.title, text: AGE_QUESTION.text, confirmLabel: AGE_QUESTION.yes, cancelLabel: AGE_QUESTION.no }).then((adult) => {
        dispatch(ageAnswered(adult ? 'confirmed' : null));
        if (adult) dispatch(startCheckout(method, effects));
      });
      return;
    }
    const order = selectCart(state);
    dispatch(noticeCleared());
    if (method === 'cash') dispatch(checkoutOpened({ step: 'cash', totalPrice, order }));
    else if (method === 'other') dispatch(checkoutOpened({ step: 'other-reason', totalPrice, order }));
    else if (method === 'account') dispatch(checkoutOpened({ step: 'account', totalPrice, order }));
    else void dispatch(purchase(method, {}, effects));
  };

/** Gereed / Volgende / auto-confirm of the top modal. */
export const confirmTop =
  (effects: TillEffects): AppThunk =>
  (dispatch, getState) => {
    const state = getState();
    const top = selectTopModal(state);
    if (!top || selectCheckoutBusy(state)) return;
    if (top.step === 'cash') void dispatch(purchase('cash', {}, effects));
    else if (top.step === 'other' && top.reason) void dispatch(purchase('other', { reason: top.reason }, effects));
    else if (top.step === 'card' && top.card) void dispatch(finishCard(top.card.transactionId, effects, top.card.phase === 'completed'));
  };

/** The account picker's confirm, for whichever step it serves. */
export const pickAccount =
  (account: PickedAccount, effects: TillEffects): AppThunk =>
  (dispatch, getState) => {
    const state = getState();
    const top = selectTopModal(state);
    if (!top || selectCheckoutBusy(state)) return;
    if (top.step === 'account' && barMode(state)) {
      void dispatch(purchase('account', { account_id: account.id }, effects));
    } else if (top.step === 'account-top-up' && top.topUpAmount) {
      dispatch(topUpSet({ accountId: account.id, accountName: account.name, amount: top.topUpAmount }));
      dispatch(topUpAccountStored());
    } else {
      dispatch(accountPicked(account));
    }
  };

/** Cancel of the top modal. A wait modal closed while the terminal still waits hands the payment to the bar. */
export const cancelTop = (): AppThunk => (dispatch, getState) => {
  const state = getState();
  const top = selectTopModal(state);
  if (!top || selectCheckoutBusy(state)) return;
  const card = top.step === 'card' ? top.card : undefined;
  if (card?.terminal && (card.phase === 'loading' || card.phase === 'initializing' || card.phase === 'pending')) {
    dispatch(cardHandedOver({ ...card, amount: top.totalPrice, cart: selectCart(state) }));
    dispatch(cartCleared());
    return;
  }
  dispatch(cancelled());
};

/** "Try again" on a failed card payment: a new request with a NEW nonce. */
export const retryCard =
  (effects: TillEffects): AppThunk =>
  (dispatch, getState) => {
    const top = selectTopModal(getState());
    if (top?.step !== 'card') return;
    void dispatch(purchase('card', {}, effects));
  };
