import {
  api,
  hasAllCapabilities,
  selectCapabilities,
  type AppThunk,
  type KassaError,
  type RootState,
} from '@kassa/api-client';
import type { CheckoutBody, CheckoutMethod, Product, PurchaseResult } from '@kassa/contracts';
import { productsApi } from '../products/products-api';
import { formatMoney } from '@kassa/ui';
import { accountsApi } from '../accounts/accounts-api';
import {
  cartCleared,
  cartProductsTotal,
  cartRepriced,
  productAdded,
  productRemoved,
  returnAdded,
  returnModeSet,
  returnRemoved,
  cartRestored,
  productsUnavailable,
  selectCart,
  selectCartIsEmpty,
  selectTotal,
  selectProductsTotal,
  topUpSet,
  type CartEntry,
  type CartState,
} from '../cart/cart-slice';
import { checkmarkShown, noticeCleared, saleShown, UNDO_SNACKBAR_MS, UNDONE_SNACKBAR_MS } from '../feedback/feedback-slice';
import { checkoutApi } from './checkout-api';
import {
  accountPicked,
  attemptMade,
  cancelled,
  cardHandedOver,
  cardSecretRead,
  cardStarted,
  cardStatusChanged,
  checkoutOpened,
  idle,
  orderFrozen,
  selectOrder,
  insufficientCredits,
  pendingCleared,
  pinLocked,
  pinRejected,
  reasonPicked,
  requestFailed,
  requestStarted,
  saleFinished,
  selectAttempt,
  selectCardSecret,
  selectCheckoutBusy,
  selectPendingCard,
  selectStack,
  selectTopModal,
  topUpAccountStored,
  topUpChosen,
  unknownCardRead,
  type CardPhase,
  type PickedAccount,
} from './checkout-slice';
import { makeNonce } from './nonce';
import { toKassaError } from './to-kassa-error';
import { isNetworkFailure, offlineNow } from '../offline/connection';
import { loadOffline } from '../offline/load-offline';
import { OFFLINE_REFUSALS, type OfflineMethod } from '../offline/offline-rules';

/** Side effects the thunks need from React: the shell's dialog stack and the success sound. */
export interface TillEffects {
  dialogs: {
    error: (error: KassaError | string, opts?: { title?: string }) => Promise<boolean>;
    confirm: (opts: { title: string; text: string; confirmLabel: string }) => Promise<boolean>;
  };
  playSuccess: () => void;
}

/** SPEC 9: status poll every 1000 ms, 2 retries. */
export const STATUS_POLL_MS = 1000;
/** SPEC 4: "Payment successful!" and the green stay this long before the modal or bar closes, so staff see it. */
export const CARD_APPROVED_SHOW_MS = 1500;
export const STATUS_RETRIES = 2;
/** The terminal's "completed" can reach the till a moment before it reaches checkout; finish waits that long. */
const FINISH_ATTEMPTS = 10;

const FINAL_FAILURES: ReadonlySet<CardPhase> = new Set(['expired', 'cancelled', 'deleted']);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * When what was just dispatched is on screen: after the browser's next frame (a task after its animation frame), or
 * after a second in a tab that draws no frames (hidden). A busy till commits and draws a change some tens of
 * milliseconds after the dispatch; a time counted from the dispatch would be cut short by that much on screen.
 */
const drawn = (): Promise<number> =>
  new Promise((resolve) => {
    const done = () => resolve(Date.now());
    if (typeof requestAnimationFrame !== 'function') return done();
    const fallback = setTimeout(done, 1000);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        done();
      }, 0),
    );
  });

export { toKassaError };

/** A refusal (4xx) ends its nonce for good; a network failure or a 5xx is retried with the same nonce. */
const isFinal = (e: KassaError) => e.status >= 400 && e.status < 500;

const barMode = (state: RootState) => hasAllCapabilities(selectCapabilities(state), ['PAYMENT_ACCOUNT_OTHER']);
const mayUndo = (state: RootState) => hasAllCapabilities(selectCapabilities(state), ['PAYMENT_UNDO']);

type PurchaseExtra = Pick<CheckoutBody, 'account_id' | 'pin' | 'reason' | 'cardSecret'>;

function checkoutBody(cart: CartState, method: CheckoutMethod, extra: PurchaseExtra): Omit<CheckoutBody, 'nonce'> & { expectedTotal: number } {
  const withTopUp = cart.topUp !== null && (method === 'cash' || method === 'card');
  return {
    products: cart.entries.map((e) => ({ id: e.product.id, amount: e.count })),
    ...(cart.returns?.length ? { returns: cart.returns.map((e) => ({ id: e.product.id, amount: e.count })) } : {}),
    ...(withTopUp && cart.topUp ? { upgrade_account_id: cart.topUp.accountId, upgrade_amount: cart.topUp.amount } : {}),
    // What the till shows is what the server books: it refuses the sale when its prices add up to anything else.
    expectedTotal: cartProductsTotal(cart) + (withTopUp && cart.topUp ? cart.topUp.amount : 0),
    ...extra,
  };
}

/** What identifies "the same request" for nonce reuse; secrets stay out of the store. */
function attemptKey(method: CheckoutMethod, body: Omit<CheckoutBody, 'nonce'>): string {
  const { pin: _pin, cardSecret, ...rest } = body;
  return JSON.stringify([method, rest, cardSecret ? 'card' : null]);
}

/** SPEC 9 "Successful transaction for {amount} ..."; balances only where the till may show them. */
export function successText(result: PurchaseResult, showBalance: boolean): string {
  const text = `Successful transaction for ${formatMoney(result.total)}`;
  if (showBalance && result.accountName && result.balance_after !== null) {
    return `${text} ... ${result.accountName} now has ${formatMoney(result.balance_after)}`;
  }
  return `${text} ...`;
}

/** A purchase went through: clear the cart, confirm it, and offer the undo where allowed. */
const saleConfirmed =
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
    switch (e.identifier) {
      case 'insufficient_credits':
        dispatch(insufficientCredits());
        void effects.dialogs.error(e.message, { title: 'Insufficient credits' });
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

/** Which sales the till may keep for later while offline: cash, other, and account sales in bar mode (no PIN). */
function offlineMethod(state: RootState, method: CheckoutMethod, body: Omit<CheckoutBody, 'nonce'>): OfflineMethod | null {
  if (body.upgrade_account_id !== undefined) return null;
  if (method === 'cash' || method === 'other') return method;
  if (method === 'account' && barMode(state) && body.account_id && !body.cardSecret) return 'account';
  return null;
}

/** What the till says when it cannot do something offline. */
const refusedOffline =
  (refusal: { title: string; text: string }, effects: TillEffects): AppThunk =>
  (dispatch) => {
    // Closes the modals like a refusal by the server does (the cart stays): a countdown would only ask again.
    dispatch(insufficientCredits());
    void effects.dialogs.error(refusal.text, { title: refusal.title });
  };

/** Sends a purchase; the spinner covers the modal that asked for it until the answer is in. */
const purchase =
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
    const keepOffline = async () => {
      try {
        const { sellOffline } = await loadOffline();
        // A sale kept offline was taken at the till's prices: a price changed before it is sent does not refuse it.
        const { pin: _pin, cardSecret: _card, expectedTotal: _asked, ...kept } = body;
        await dispatch(sellOffline(keepable!, kept, nonce, effects));
      } catch (err) {
        // The offline code or the browser's storage failed (a till never loaded online, storage full): the sale is
        // not kept, and staff are told so; the same nonce is used again when they retry.
        dispatch(requestFailed({ final: false }));
        void effects.dialogs.error(`The sale could not be kept for later: ${toKassaError(err).message}. Take cash and note the sale by hand, or try again.`, {
          title: 'Not saved offline',
        });
      }
    };
    if (offlineNow()) {
      if (keepable) await keepOffline();
      else dispatch(refusedOffline(body.upgrade_account_id !== undefined ? OFFLINE_REFUSALS.topUp : method === 'card' ? OFFLINE_REFUSALS.card : method === 'self' ? OFFLINE_REFUSALS.self : body.cardSecret ? OFFLINE_REFUSALS.memberCard : OFFLINE_REFUSALS.pin, effects));
      return;
    }
    let result: PurchaseResult;
    try {
      result = await dispatch(checkoutApi.endpoints.checkout.initiate({ method, body: { ...body, nonce } }, { track: false })).unwrap();
    } catch (err) {
      // The network dropped under the request: keep the sale with this nonce (the server books a nonce once, should
      // the request have reached it after all).
      if (keepable && isNetworkFailure(toKassaError(err))) {
        await keepOffline();
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
      if (result.terminal) void dispatch(watchCard(result.transaction_id, effects));
      return;
    }
    dispatch(saleConfirmed(result, method, effects, method === 'account' ? (extra.account_id ?? null) : null, body.upgrade_account_id ?? null));
  };

/** Is anyone still waiting for this card payment (the wait modal or the pending bar)? */
function watched(state: RootState, transactionId: string): boolean {
  const inModal = selectStack(state).some((m) => m.card?.transactionId === transactionId);
  return inModal || selectPendingCard(state)?.transactionId === transactionId;
}

const watching = new Set<string>();

/** SPEC 4: polls the card status every second while pending, with 2 retries on errors, then finishes a completed one. */
export const watchCard =
  (transactionId: string, effects: TillEffects): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    if (watching.has(transactionId)) return;
    watching.add(transactionId);
    try {
      let failures = 0;
      while (watched(getState(), transactionId)) {
        const res = await dispatch(checkoutApi.endpoints.getCardStatus.initiate(transactionId, { subscribe: false, forceRefetch: true }));
        if (!watched(getState(), transactionId)) return;
        if (res.error || !res.data) {
          failures += 1;
          if (failures > STATUS_RETRIES) {
            dispatch(cardStatusChanged({ transactionId, phase: 'error', error: toKassaError(res.error).message }));
            return;
          }
        } else {
          failures = 0;
          const { status, error } = res.data;
          dispatch(cardStatusChanged({ transactionId, phase: status, error }));
          if (status === 'completed') {
            // The green stays CARD_APPROVED_SHOW_MS from when it is drawn; finishing the sale does not wait for that.
            await dispatch(finishCard(transactionId, effects, true, drawn()));
            return;
          }
          if (FINAL_FAILURES.has(status)) return;
        }
        await wait(STATUS_POLL_MS);
      }
    } finally {
      watching.delete(transactionId);
    }
  };

/**
 * Confirming a card payment finishes the sale. `approved`: the terminal already said completed, so a "not finished
 * yet" from checkout only means its report is still on the way. `shownAt`: when the approval was drawn; it stays on
 * screen CARD_APPROVED_SHOW_MS from then.
 */
export const finishCard =
  (transactionId: string, effects: TillEffects, approved: boolean, shownAt: Promise<number> | null = null): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const inModal = selectStack(getState()).some((m) => m.card?.transactionId === transactionId);
    if (inModal) {
      if (selectCheckoutBusy(getState())) return;
      dispatch(requestStarted({ spinner: false }));
    }
    let failure: KassaError | null = null;
    for (let attempt = 1; attempt <= FINISH_ATTEMPTS; attempt += 1) {
      try {
        const result = await dispatch(checkoutApi.endpoints.finishTransaction.initiate(transactionId, { track: false })).unwrap();
        if (shownAt) await wait(Math.max(0, (await shownAt) + CARD_APPROVED_SHOW_MS - Date.now()));
        if (inModal) {
          dispatch(saleConfirmed(result, 'card', effects, null, null));
        } else {
          dispatch(pendingCleared());
          dispatch(checkmarkShown('Paid'));
          dispatch(api.util.invalidateTags(['RecentSales']));
          dispatch(
            saleShown({
              text: successText(result, barMode(getState())),
              duration: UNDO_SNACKBAR_MS,
              action: mayUndo(getState()) ? { kind: 'undo-sale', label: 'Undo sale', transactionId: result.transaction_id, refund: result.total } : null,
            }),
          );
        }
        return;
      } catch (err) {
        failure = toKassaError(err);
        const stillOnItsWay = approved && failure.identifier === 'payment_not_finished';
        if (!stillOnItsWay && failure.status !== 0 && failure.status < 500) break;
        if (attempt < FINISH_ATTEMPTS) await wait(STATUS_POLL_MS);
      }
    }
    if (!failure) return;
    if (approved) {
      // The terminal took the money: the cart is paid even though the till could not read the sale back.
      if (inModal) {
        dispatch(saleFinished());
        dispatch(cartCleared());
      } else {
        dispatch(pendingCleared());
      }
      void effects.dialogs.error(failure, { title: 'Payment approved, sale not confirmed' });
      return;
    }
    if (inModal) dispatch(idle());
    void effects.dialogs.error(failure);
  };

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
    const order = selectCart(state);
    dispatch(noticeCleared());
    if (method === 'cash') dispatch(checkoutOpened({ step: 'cash', totalPrice, order }));
    else if (method === 'other') dispatch(checkoutOpened({ step: 'other-reason', totalPrice, order }));
    else if (method === 'account') dispatch(checkoutOpened({ step: 'account', totalPrice, order }));
    else void dispatch(purchase(method, {}, effects));
  };

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

export const pickReason = (reason: string): AppThunk => (dispatch) => {
  dispatch(reasonPicked(reason));
};

export const chooseTopUp = (amount: number): AppThunk => (dispatch) => {
  dispatch(topUpChosen(amount));
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

/**
 * Clicking the pending bar: a failed payment gives its order back. Into an empty cart at once; when the next customer's
 * order is in the cart, only after staff confirm that the two go together.
 */
export const pendingBarClicked = (effects: TillEffects): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const before = getState();
  const failed = selectPendingCard(before);
  if (!failed || orderLocked(before)) return;
  if (failed.phase !== 'error' && !FINAL_FAILURES.has(failed.phase)) return;
  if (!selectCartIsEmpty(before)) {
    const together = await effects.dialogs.confirm({
      title: 'Another order is in the cart',
      text: `Add the failed order of ${formatMoney(failed.amount)} to the order in the cart (${formatMoney(selectTotal(before))})? Only when it is the same customer's.`,
      confirmLabel: 'Add to this order',
    });
    if (!together) return;
  }
  const state = getState();
  const pending = selectPendingCard(state);
  if (pending !== failed || orderLocked(state)) return;
  const current = selectCart(state);
  const entries = pending.cart.entries.map((e) => ({ ...e }));
  for (const e of current.entries) {
    const same = entries.find((x) => x.product.id === e.product.id);
    if (same) same.count += e.count;
    else entries.push({ ...e });
  }
  dispatch(cartRestored({ entries, topUp: current.topUp ?? pending.cart.topUp, returns: current.returns ?? [], returnMode: current.returnMode ?? false }));
  dispatch(pendingCleared());
};

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

/** The cart takes the catalogue's current prices (and names), unless a checkout is open: its order stays as asked. */
export const repriceCart =
  (categories: readonly { products: readonly Product[] }[]): AppThunk =>
  (dispatch, getState) => {
    if (orderLocked(getState())) return;
    dispatch(cartRepriced(categories.flatMap((c) => c.products)));
  };

const refreshPrices = (): AppThunk<Promise<void>> => async (dispatch) => {
  const res = await dispatch(productsApi.endpoints.getProducts.initiate(undefined, { subscribe: false, forceRefetch: true }));
  if (res.data) dispatch(repriceCart(res.data.categories));
};

/** While a checkout is open (a modal, or its request) the cart is the order being paid: nothing changes it. */
export const orderLocked = (state: RootState) => selectStack(state).length > 0 || selectCheckoutBusy(state);

/** A product tile, a cart line's plus or minus, a strip's Remove: ignored while a checkout is open. */
export const changeCart =
  (
    action: ReturnType<typeof productAdded> | ReturnType<typeof productRemoved> | ReturnType<typeof returnAdded> | ReturnType<typeof returnRemoved> | ReturnType<typeof returnModeSet>,
  ): AppThunk<boolean> =>
  (dispatch, getState) => {
    if (orderLocked(getState())) return false;
    dispatch(action);
    return true;
  };
