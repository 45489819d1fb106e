import type { UnknownAction } from '@reduxjs/toolkit';
import { addAppListener, api, type AppThunk, type KassaError, type RootState } from '@kassa/api-client';
import { formatMoney } from '@kassa/ui';
import { cartCleared, cartRestored, selectCart, selectCartIsEmpty, selectTotal } from '../cart/cart-slice';
import { checkmarkShown, saleShown, UNDO_SNACKBAR_MS } from '../feedback/feedback-slice';
import { checkoutApi } from './checkout-api';
import {
  cardStatusChanged,
  idle,
  pendingCleared,
  requestStarted,
  saleFinished,
  selectCheckoutBusy,
  selectPendingCard,
  selectStack,
  type CardPhase,
} from './checkout-slice';
import { orderLocked } from './order-lock';
import { saleConfirmed, successText } from './sale-confirmed';
import type { TillEffects } from './till-effects';
import { barMode, mayUndo } from './till-mode';
import { toKassaError } from './to-kassa-error';

/** SPEC 9: status poll every 1000 ms, 2 retries. */
export const STATUS_POLL_MS = 1000;
/** SPEC 4: "Payment successful!" and the green stay this long before the modal or bar closes, so staff see it. */
export const CARD_APPROVED_SHOW_MS = 1500;
export const STATUS_RETRIES = 2;
/** The terminal's "completed" can reach the till a moment before it reaches checkout; finish waits that long. */
const FINISH_ATTEMPTS = 10;

export const FINAL_FAILURES: ReadonlySet<CardPhase> = new Set(['expired', 'cancelled', 'deleted']);

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

/** Is anyone still waiting for this card payment (the wait modal or the pending bar)? */
function watched(state: RootState, transactionId: string): boolean {
  const inModal = selectStack(state).some((m) => m.card?.transactionId === transactionId);
  return inModal || selectPendingCard(state)?.transactionId === transactionId;
}

/**
 * SPEC 4: follows a card payment while the wait modal or the pending bar shows it. RTK Query polls the status every
 * second (the next poll a second after the last answer); this payment's listener counts the errors (2 retries, then
 * 'error'), finishes a completed payment and stops the polling at a final answer or when nobody watches any more.
 */
export const watchCard =
  (transactionId: string, effects: TillEffects): AppThunk =>
  (dispatch, getState) => {
    const status = checkoutApi.endpoints.getCardStatus;
    // One watcher per payment: a second request for it (a double tap's) finds the first one's poll in the cache.
    if (!watched(getState(), transactionId) || !status.select(transactionId)(getState()).isUninitialized) return;
    const poll = dispatch(status.initiate(transactionId, { subscriptionOptions: { pollingInterval: STATUS_POLL_MS } }));
    // An answer to this payment's poll (not a poll skipped because the previous one was still under way).
    const answered = (action: UnknownAction) =>
      (status.matchFulfilled(action) || (status.matchRejected(action) && !action.meta.condition)) && action.meta.arg.originalArgs === transactionId;
    let failures = 0;
    dispatch(
      addAppListener({
        predicate: (action, state) => !watched(state, transactionId) || answered(action),
        effect: async (action, listenerApi) => {
          const stop = () => {
            listenerApi.unsubscribe();
            poll.unsubscribe();
          };
          if (!watched(listenerApi.getState(), transactionId)) return stop();
          if (status.matchRejected(action)) {
            failures += 1;
            if (failures > STATUS_RETRIES) {
              const { error } = status.select(transactionId)(listenerApi.getState());
              listenerApi.dispatch(cardStatusChanged({ transactionId, phase: 'error', error: toKassaError(error).message }));
              stop();
            }
            return;
          }
          if (!status.matchFulfilled(action)) return;
          failures = 0;
          const { status: phase, error } = action.payload;
          listenerApi.dispatch(cardStatusChanged({ transactionId, phase, error }));
          if (phase === 'completed') {
            // Polling stops; the subscription stays until the sale is finished, so no second watcher starts meanwhile.
            listenerApi.unsubscribe();
            poll.updateSubscriptionOptions({ pollingInterval: 0 });
            try {
              // The green stays CARD_APPROVED_SHOW_MS from when it is drawn; finishing the sale does not wait for that.
              await listenerApi.dispatch(finishCard(transactionId, effects, true, drawn()));
            } finally {
              poll.unsubscribe();
            }
            return;
          }
          if (FINAL_FAILURES.has(phase)) stop();
        },
      }),
    );
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
