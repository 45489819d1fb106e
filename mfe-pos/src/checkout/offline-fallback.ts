import type { AppThunk, RootState } from '@kassa/api-client';
import type { CheckoutBody, CheckoutMethod } from '@kassa/contracts';
import { loadOffline } from '../offline/load-offline';
import { OFFLINE_REFUSALS, type OfflineMethod } from '../offline/offline-rules';
import { insufficientCredits, requestFailed } from './checkout-slice';
import type { TillEffects } from './till-effects';
import { barMode } from './till-mode';
import { toKassaError } from './to-kassa-error';

/** Which sales the till may keep for later while offline: cash, other, and account sales in bar mode (no PIN). */
export function offlineMethod(state: RootState, method: CheckoutMethod, body: Omit<CheckoutBody, 'nonce'>): OfflineMethod | null {
  if (body.upgrade_account_id !== undefined) return null;
  if (method === 'cash' || method === 'other') return method;
  if (method === 'account' && barMode(state) && body.account_id && !body.cardSecret) return 'account';
  return null;
}

/** Why a sale that cannot be kept for later needs the network. */
export function offlineRefusal(method: CheckoutMethod, body: Omit<CheckoutBody, 'nonce'>): { title: string; text: string } {
  if (body.upgrade_account_id !== undefined) return OFFLINE_REFUSALS.topUp;
  if (method === 'card') return OFFLINE_REFUSALS.card;
  if (method === 'self') return OFFLINE_REFUSALS.self;
  return body.cardSecret ? OFFLINE_REFUSALS.memberCard : OFFLINE_REFUSALS.pin;
}

/** What the till says when it cannot do something offline. */
export const refusedOffline =
  (refusal: { title: string; text: string }, effects: TillEffects): AppThunk =>
  (dispatch) => {
    // Closes the modals like a refusal by the server does (the cart stays): a countdown would only ask again.
    dispatch(insufficientCredits());
    void effects.dialogs.error(refusal.text, { title: refusal.title });
  };

/** Keeps the sale to be sent when the network is back, with the nonce it was (or was about to be) sent with. */
export const keptOffline =
  (method: OfflineMethod, body: Omit<CheckoutBody, 'nonce'>, nonce: string, effects: TillEffects): AppThunk<Promise<void>> =>
  async (dispatch) => {
    try {
      const { sellOffline } = await loadOffline();
      // A sale kept offline was taken at the till's prices: a price changed before it is sent does not refuse it.
      const { pin: _pin, cardSecret: _card, expectedTotal: _asked, ...kept } = body;
      await dispatch(sellOffline(method, kept, nonce, effects));
    } catch (err) {
      // The offline code or the browser's storage failed (a till never loaded online, storage full): the sale is
      // not kept, and staff are told so; the same nonce is used again when they retry.
      dispatch(requestFailed({ final: false }));
      void effects.dialogs.error(`The sale could not be kept for later: ${toKassaError(err).message}. Take cash and note the sale by hand, or try again.`, {
        title: 'Not saved offline',
      });
    }
  };
