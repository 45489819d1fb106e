import { api, type AppThunk, type KassaError } from '@kassa/api-client';
import type { CheckoutBody, CheckoutMethod, PurchaseResult } from '@kassa/contracts';
import { ageRequired, cartCleared, cartProductsTotal, productsUnavailable, selectCart, type CartEntry, type CartState } from '../cart/cart-slice';
import { noticeCleared } from '../feedback/feedback-slice';
import { isNetworkFailure, offlineNow } from '../offline/connection';
import { watchCard } from './card-payment';
import { AGE_QUESTION } from './age-question';
import { checkoutApi } from './checkout-api';
import {
  attemptMade,
  cardHandedOver,
  cardStarted,
  insufficientCredits,
  orderFrozen,
  pinLocked,
  pinRejected,
  requestFailed,
  requestStarted,
  selectAttempt,
  selectCheckoutBusy,
  selectOrder,
  selectStack,
  unknownCardRead,
} from './checkout-slice';
import { makeNonce } from './nonce';
import { keptOffline, offlineMethod, offlineRefusal, refusedOffline } from './offline-fallback';
import { refreshPrices } from './order-lock';
import { saleConfirmed } from './sale-confirmed';
import type { TillEffects } from './till-effects';
import { barMode } from './till-mode';
import { toKassaError } from './to-kassa-error';

/** A refusal (4xx) ends its nonce for good; a network failure or a 5xx is retried with the same nonce. */
const isFinal = (e: KassaError) => e.status >= 400 && e.status < 500;

export type PurchaseExtra = Pick<CheckoutBody, 'account_id' | 'pin' | 'reason' | 'cardSecret'>;

function checkoutBody(cart: CartState, method: CheckoutMethod, extra: PurchaseExtra): Omit<CheckoutBody, 'nonce'> & { expectedTotal: number } {
  const withTopUp = cart.topUp !== null && (method === 'cash' || method === 'card');
  return {
    products: cart.entries.map((e) => ({ id: e.product.id, amount: e.count })),
    ...(cart.returns?.length ? { returns: cart.returns.map((e) => ({ id: e.product.id, amount: e.count })) } : {}),
    ...(withTopUp && cart.topUp ? { upgrade_account_id: cart.topUp.accountId, upgrade_amount: cart.topUp.amount } : {}),
    // What the till shows is what the server books: it refuses the sale when its prices add up to anything else.
    expectedTotal: cartProductsTotal(cart) + (withTopUp && cart.topUp ? cart.topUp.amount : 0),
    ...(cart.age === 'confirmed' ? { ageConfirmed: true } : {}),
    ...extra,
  };
}

/** What identifies "the same request" for nonce reuse; secrets stay out of the store. */
function attemptKey(method: CheckoutMethod, body: Omit<CheckoutBody, 'nonce'>): string {
  const { pin: _pin, cardSecret, ...rest } = body;
  return JSON.stringify([method, rest, cardSecret ? 'card' : null]);
}

/** The cart lines a 422 is about (`body.products.<i>`): products that left the catalogue or were hidden. */
export function refusedLines(e: KassaError, sent: CheckoutBody['products'], entries: readonly CartEntry[]): CartEntry[] {
  if (e.status !== 422 || !e.detail) return [];
  const ids = new Set<string>();
  for (const d of e.detail) {
    const [where, field, index] = d.loc;
    if (where === 'body' && field === 'products' && typeof index === 'number' && sent[index]) ids.add(sent[index].id);
  }
  return entries.filter((entry) => ids.has(entry.product.id));
}

/** Checkout refused the order for want of `ageConfirmed` (its setting ageCheck is 'ask', the till's still said 'off'). */
export const ageRefused = (e: KassaError) => e.status === 422 && (e.detail ?? []).some((d) => d.loc[0] === 'body' && d.loc[1] === 'ageConfirmed');

/** "Pils is not for sale anymore. …", naming each refused product. */
export function notForSaleText(lines: readonly CartEntry[]): string {
  const names = lines.map((l) => l.product.name);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} not for sale anymore. Take ${names.length === 1 ? 'it' : 'them'} off the order and try again.`;
}

/** Errors of a purchase request, per SPEC 8. */
const purchaseFailed =
  (err: unknown, totalPrice: number, effects: TillEffects, sent: CheckoutBody['products'] = [], entries: readonly CartEntry[] = []): AppThunk =>
  (dispatch) => {
    const e = toKassaError(err);
    const refused = refusedLines(e, sent, entries);
    if (refused.length > 0) {
      dispatch(productsUnavailable(refused.map((l) => l.product.id)));
      dispatch(requestFailed({ final: true }));
      dispatch(api.util.invalidateTags(['Products']));
      void effects.dialogs.error(notForSaleText(refused), { title: 'Not for sale' });
      return;
    }
    if (ageRefused(e)) {
      // The modal closes, the order stays; the next payment tap asks the question, and the till reads its settings again.
      dispatch(insufficientCredits());
      dispatch(ageRequired());
      dispatch(api.util.invalidateTags(['Config']));
      void effects.dialogs.error(AGE_QUESTION.refused, { title: AGE_QUESTION.title });
      return;
    }
    switch (e.identifier) {
      case 'insufficient_credits':
        dispatch(insufficientCredits());
        void effects.dialogs.error(e.message, { title: 'Insufficient credits' });
        return;
      case 'account_blocked':
        // A month after a failed debit the account still owes: the server's "blocked: open debt EUR x", the order stays.
        dispatch(insufficientCredits());
        void effects.dialogs.error(e.message, { title: 'Account blocked' });
        return;
      case 'age_not_shown':
        // The account's date of birth does not show 18 (age check 'account'): the modal closes, the order stays.
        dispatch(insufficientCredits());
        void effects.dialogs.error(e.message, { title: AGE_QUESTION.title });
        return;
      case 'invalid_account_pin':
        dispatch(pinRejected(e.message));
        return;
      case 'pin_locked':
        // The server's sentence says when to try again; no "API error (429/pin_locked)" in front of it.
        dispatch(pinLocked());
        void effects.dialogs.error(e.message, { title: 'Account locked' });
        return;
      case 'unknown_card_secret':
        dispatch(unknownCardRead({ totalPrice }));
        return;
      case 'price_changed':
        // The modal asked an amount the server would not book: it closes, the cart takes the new prices, staff ask again.
        dispatch(insufficientCredits());
        void dispatch(refreshPrices());
        void effects.dialogs.error(e.message, { title: 'Prices changed' });
        return;
      default:
        dispatch(requestFailed({ final: isFinal(e) }));
        void effects.dialogs.error(e);
    }
  };

/** Sends a purchase; the spinner covers the modal that asked for it until the answer is in. */
export const purchase =
  (method: CheckoutMethod, extra: PurchaseExtra, effects: TillEffects): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const state = getState();
    if (selectCheckoutBusy(state)) return;
    // A modal's order is the one it showed; a request without one (card, own account, a card swipe) freezes the cart now.
    const frozen = selectStack(state).length > 0 ? selectOrder(state) : null;
    const cart = frozen ?? selectCart(state);
    if (!frozen) {
      dispatch(orderFrozen(cart));
      dispatch(noticeCleared());
    }
    const body = checkoutBody(cart, method, extra);
    const totalPrice = body.expectedTotal;
    const key = attemptKey(method, body);
    const previous = selectAttempt(state);
    const nonce = previous?.key === key ? previous.nonce : makeNonce();
    dispatch(attemptMade({ key, nonce }));
    dispatch(requestStarted());
    const keepable = offlineMethod(state, method, body);
    if (offlineNow()) {
      if (keepable) await dispatch(keptOffline(keepable, body, nonce, effects));
      else dispatch(refusedOffline(offlineRefusal(method, body), effects));
      return;
    }
    let result: PurchaseResult;
    try {
      result = await dispatch(checkoutApi.endpoints.checkout.initiate({ method, body: { ...body, nonce } }, { track: false })).unwrap();
    } catch (err) {
      // The network dropped under the request: keep the sale with this nonce (the server books a nonce once, should
      // the request have reached it after all).
      if (keepable && isNetworkFailure(toKassaError(err))) {
        await dispatch(keptOffline(keepable, body, nonce, effects));
        return;
      }
      dispatch(purchaseFailed(err, totalPrice, effects, body.products, cart.entries));
      return;
    }
    if (method === 'card' && result.status !== 'completed') {
      const card = { transactionId: result.transaction_id, terminal: result.terminal, phase: 'loading' as const, error: null };
      if (barMode(getState())) {
        dispatch(cardHandedOver({ ...card, amount: result.total, cart }));
        dispatch(cartCleared());
      } else {
        dispatch(cardStarted({ transactionId: result.transaction_id, terminal: result.terminal, totalPrice: result.total }));
      }
      // Without a terminal there is nothing to poll: staff key the amount in and confirm by hand.
      if (result.terminal) dispatch(watchCard(result.transaction_id, effects));
      return;
    }
    dispatch(saleConfirmed(result, method, effects, method === 'account' ? (extra.account_id ?? null) : null, body.upgrade_account_id ?? null));
  };
