import type { AppThunk } from '@kassa/api-client';
import { accountsApi } from '../accounts/accounts-api';
import { idle, pinLocked, pinRejected, requestFailed, requestStarted, selectCardSecret, selectCheckoutBusy, selectTopModal } from './checkout-slice';
import { purchase } from './purchase';
import type { TillEffects } from './till-effects';
import { toKassaError } from './to-kassa-error';

/** The PIN pad's submit: pay from the chosen account, or link the read card to it. */
export const submitPin =
  (pin: string, effects: TillEffects): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const state = getState();
    const top = selectTopModal(state);
    if (!top?.account || selectCheckoutBusy(state)) return;
    if (top.step === 'account-PIN') {
      await dispatch(purchase('account', { account_id: top.account.id, pin }, effects));
      return;
    }
    const cardSecret = selectCardSecret(state);
    if (top.step !== 'reader-PIN' || !cardSecret) return;
    dispatch(requestStarted());
    try {
      await dispatch(accountsApi.endpoints.registerCard.initiate({ cardSecret, accountId: top.account.id, pin }, { track: false })).unwrap();
    } catch (err) {
      const e = toKassaError(err);
      if (e.identifier === 'invalid_account_pin') {
        dispatch(pinRejected(e.message));
      } else if (e.identifier === 'pin_locked') {
        dispatch(pinLocked());
        void effects.dialogs.error(e.message, { title: 'Account locked' });
      } else {
        dispatch(requestFailed({ final: true }));
        void effects.dialogs.error(e);
      }
      return;
    }
    // The card is linked now: the sale it was read for goes on, paid from that account.
    dispatch(idle());
    await dispatch(purchase('account', { cardSecret }, effects));
  };
