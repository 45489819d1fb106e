import { hasAllCapabilities, selectCapabilities, type AppThunk } from '@kassa/api-client';
import { selectCart } from '../cart/cart-slice';
import { offlineNow } from '../offline/connection';
import { OFFLINE_REFUSALS } from '../offline/offline-rules';
import { cardSecretRead, selectCheckoutBusy, selectStack } from './checkout-slice';
import { purchase } from './purchase';
import type { TillEffects } from './till-effects';
import { barMode } from './till-mode';

/** Keystrokes of the card reader (SPEC 4): pay from the account the card is linked to. */
export const cardSwiped =
  (secret: string, effects: TillEffects): AppThunk =>
  (dispatch, getState) => {
    const state = getState();
    const cart = selectCart(state);
    if (selectCheckoutBusy(state) || selectStack(state).length > 0) return;
    if (cart.entries.length === 0 || cart.topUp) return;
    if (!hasAllCapabilities(selectCapabilities(state), ['PAYMENT_ACCOUNT_AUTHED']) && !barMode(state)) return;
    if (offlineNow()) {
      void effects.dialogs.error(OFFLINE_REFUSALS.memberCard.text, { title: OFFLINE_REFUSALS.memberCard.title });
      return;
    }
    dispatch(cardSecretRead(secret));
    void dispatch(purchase('account', { cardSecret: secret }, effects));
  };
