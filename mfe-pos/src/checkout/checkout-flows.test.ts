import { configLoaded, makeStore, type AppStore } from '@kassa/api-client';
import type { Capability, Product } from '@kassa/contracts';
import { describeError, type ErrorLike } from '@kassa/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productAdded, returnAdded, selectCart, selectEntries } from '../cart/cart-slice';
import { selectSale } from '../feedback/feedback-slice';
import { fail, json, ok, stubApi, type Call } from '../testing/api-stub';
import { tillConfig } from '../testing/render-till';
import { pendingCleared, reasonPicked, selectCardSecret, selectCheckoutBusy, selectPendingCard, selectStack, selectStep, selectTopModal } from './checkout-slice';
import { pendingBarClicked, watchCard } from './card-payment';
import { cancelTop, confirmTop, pickAccount, retryCard, startCheckout } from './checkout-steps';
import { cardSwiped } from './member-card';
import { submitPin } from './pin';
import type { TillEffects } from './till-effects';
import { undoSale } from './undo-sale';

const pils: Product = { id: '1'.repeat(24), name: 'Pils', price: 250, deposit: false, depositAmount: 0, adultsOnly: false };
const jan = { id: 'c'.repeat(24), name: 'Jan de Jong' };
const TX = 'd'.repeat(24);
const terminal = { friendly_name: 'Bar terminal', brand: 'standin' };
const purchase = (over: Record<string, unknown> = {}) => ({
  transaction_id: TX,
  terminal: null,
  balance_after: null,
  accountName: null,
  total: 250,
  status: 'completed',
  ...over,
});
const cardStatus = (status: string) => ({ status, transaction_id: TX, price: 250, terminal, failed: ['expired', 'cancelled', 'deleted'].includes(status), error: null });

function till(capabilities: Capability[]) {
  const store: AppStore = makeStore();
  store.dispatch(configLoaded(tillConfig(capabilities)));
  const errors: { text: unknown; title?: string }[] = [];
  const confirms: { title: string; text: string; confirmLabel: string }[] = [];
  const played = vi.fn();
  let answer = true;
  const effects: TillEffects = {
    dialogs: {
      error: async (text, opts) => {
        errors.push({ text, title: opts?.title });
        return true;
      },
      confirm: async (opts) => {
        confirms.push(opts);
        return answer;
      },
    },
    playSuccess: played,
  };
  store.dispatch(productAdded(pils));
  return { store, effects, errors, played, confirms, answer: (yes: boolean) => (answer = yes) };
}

/** Lets fetch promises and the thunks behind them settle. */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('cash, other and account checkouts', () => {
  it('a cash sale: Contant, then the purchase with a nonce, then the cart is empty and Undo is offered', async () => {
    const calls = stubApi({ 'POST /checkout/cash/': () => json(200, ok(purchase())) });
    const { store, effects } = till(['PAYMENT_CASH', 'PAYMENT_UNDO']);
    store.dispatch(startCheckout('cash', effects));
    expect(selectStep(store.getState())).toBe('cash');
    store.dispatch(confirmTop(effects));
    expect(selectStep(store.getState())).toBe('loading');
    await settle();
    expect(calls[0]?.body).toMatchObject({ products: [{ id: pils.id, amount: 1 }] });
    expect(String(calls[0]?.body?.nonce)).toMatch(/^[0-9a-f-]{36}$/);
    expect(selectStep(store.getState())).toBe('none');
    expect(selectEntries(store.getState())).toEqual([]);
    expect(selectSale(store.getState())).toMatchObject({
      text: expect.stringMatching(/^Successful transaction for €\s2,50/),
      duration: 7000,
      action: { label: 'Undo sale', transactionId: TX },
    });
  });

  it('a cash deposit return: sends the returns with the negative total the till shows, and the Contant modal pays out', async () => {
    const krat: Product = { id: '2'.repeat(24), name: 'Krat pils', price: 390, deposit: true, depositAmount: 390, adultsOnly: false };
    const calls = stubApi({ 'POST /checkout/cash/': () => json(200, ok(purchase({ total: 250 - 780 }))) });
    const { store, effects } = till(['PAYMENT_CASH', 'DEPOSIT_RETURN']);
    store.dispatch(returnAdded(krat));
    store.dispatch(returnAdded(krat));
    store.dispatch(startCheckout('cash', effects));
    expect(selectTopModal(store.getState())).toMatchObject({ step: 'cash', totalPrice: 250 - 780 });
    store.dispatch(confirmTop(effects));
    await settle();
    expect(calls[0]?.body).toMatchObject({ products: [{ id: pils.id, amount: 1 }], returns: [{ id: krat.id, amount: 2 }], expectedTotal: 250 - 780 });
    expect(selectCart(store.getState()).returns).toEqual([]);
  });

  it("shows the gateway's 504 for a service that did not answer in time in the SPEC's error text, and keeps the sale", async () => {
    stubApi({ 'POST /checkout/cash/': () => json(504, fail(504, 'service_unavailable', 'The checkout service did not answer in time. Please try again.')) });
    const { store, effects, errors } = till(['PAYMENT_CASH']);
    store.dispatch(startCheckout('cash', effects));
    store.dispatch(confirmTop(effects));
    await settle();
    expect(errors.map((e) => describeError(e.text as ErrorLike))).toEqual(['API error (504/service_unavailable): The checkout service did not answer in time. Please try again.']);
    expect(selectStep(store.getState())).toBe('cash');
    expect(selectEntries(store.getState())).toHaveLength(1);
  });

  it('retries a failed request with the same nonce; a refusal makes the next try use a new one', async () => {
    let answer: () => Response = () => json(503, fail(503, 'service_unavailable', 'Checkout is down'));
    const calls = stubApi({ 'POST /checkout/cash/': () => answer() });
    const { store, effects, errors } = till(['PAYMENT_CASH']);
    store.dispatch(startCheckout('cash', effects));
    store.dispatch(confirmTop(effects));
    await settle();
    expect(selectStep(store.getState())).toBe('cash');
    expect(errors).toHaveLength(1);
    store.dispatch(confirmTop(effects));
    await settle();
    expect(calls[1]?.body?.nonce).toBe(calls[0]?.body?.nonce);
    answer = () => json(409, fail(409, 'conflict', 'This nonce was already used for another purchase.'));
    store.dispatch(confirmTop(effects));
    await settle();
    store.dispatch(confirmTop(effects));
    await settle();
    expect(calls[3]?.body?.nonce).not.toBe(calls[2]?.body?.nonce);
  });

  it('ignores actions while a request is in flight', async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = stubApi({ 'POST /checkout/cash/': () => new Promise<Response>((r) => (release = r)) });
    const { store, effects } = till(['PAYMENT_CASH']);
    store.dispatch(startCheckout('cash', effects));
    store.dispatch(confirmTop(effects));
    store.dispatch(confirmTop(effects));
    store.dispatch(cancelTop());
    await settle();
    expect(calls).toHaveLength(1);
    expect(selectStep(store.getState())).toBe('loading');
    release(json(200, ok(purchase())));
    await settle();
    expect(selectStep(store.getState())).toBe('none');
  });

  it('other: the reason goes with the purchase', async () => {
    const calls = stubApi({ 'POST /checkout/other/': () => json(200, ok(purchase())) });
    const { store, effects } = till(['PAYMENT_OTHER']);
    store.dispatch(startCheckout('other', effects));
    expect(selectStep(store.getState())).toBe('other-reason');
    store.dispatch(reasonPicked('Bestuur'));
    store.dispatch(confirmTop(effects));
    await settle();
    expect(calls[0]?.body).toMatchObject({ reason: 'Bestuur' });
    expect(selectStep(store.getState())).toBe('none');
  });

  it('account with PIN: a locked account closes the pad and says when to try again, without an API error prefix', async () => {
    const message = 'Too many wrong passcodes for this account. Try again in 5 minutes (at 21:35).';
    stubApi({ 'POST /checkout/account/': () => json(429, fail(429, 'pin_locked', message)) });
    const { store, effects, errors } = till(['PAYMENT_ACCOUNT_AUTHED']);
    store.dispatch(startCheckout('account', effects));
    store.dispatch(pickAccount(jan, effects));
    await store.dispatch(submitPin('1111', effects));
    expect(selectStep(store.getState())).toBe('account');
    expect(selectCheckoutBusy(store.getState())).toBe(false);
    expect(errors).toEqual([{ text: message, title: 'Account locked' }]);
  });

  it('account with PIN: a wrong PIN marks the PIN modal and the next PIN goes with a new nonce; success plays the sound', async () => {
    const calls = stubApi({
      'POST /checkout/account/': (call) =>
        call.body?.pin === '1234'
          ? json(200, ok(purchase({ accountName: jan.name, balance_after: 1000 })))
          : json(400, fail(400, 'invalid_account_pin', 'Invalid passcode')),
    });
    const { store, effects, played } = till(['PAYMENT_ACCOUNT_AUTHED']);
    store.dispatch(startCheckout('account', effects));
    store.dispatch(pickAccount(jan, effects));
    expect(selectStep(store.getState())).toBe('account-PIN');
    await store.dispatch(submitPin('1111', effects));
    expect(selectStep(store.getState())).toBe('account-PIN');
    expect(selectTopModal(store.getState())?.pinErrors).toBe(1);
    await store.dispatch(submitPin('1234', effects));
    expect(calls.map((c) => c.body?.account_id)).toEqual([jan.id, jan.id]);
    expect(calls[1]?.body?.nonce).not.toBe(calls[0]?.body?.nonce);
    expect(selectStep(store.getState())).toBe('none');
    expect(played).toHaveBeenCalledTimes(1);
  });

  it('bar mode pays from the picked account at once, without a PIN', async () => {
    const calls = stubApi({ 'POST /checkout/account/': () => json(200, ok(purchase({ accountName: jan.name, balance_after: 1000 }))) });
    const { store, effects } = till(['PAYMENT_ACCOUNT_OTHER']);
    store.dispatch(startCheckout('account', effects));
    store.dispatch(pickAccount(jan, effects));
    await settle();
    expect(calls[0]?.body).toMatchObject({ account_id: jan.id });
    expect(calls[0]?.body?.pin).toBeUndefined();
    expect(selectStep(store.getState())).toBe('none');
    expect(selectSale(store.getState())?.text).toMatch(/Jan de Jong now has €\s10,00/);
  });

  it('insufficient credits: "Insufficient credits" with the server\'s sentence, and the checkout ends', async () => {
    stubApi({ 'POST /checkout/account/': () => json(400, fail(400, 'insufficient_credits', 'Jan de Jong has insufficient credits in account.')) });
    const { store, effects, errors } = till(['PAYMENT_ACCOUNT_OTHER']);
    store.dispatch(startCheckout('account', effects));
    store.dispatch(pickAccount(jan, effects));
    await settle();
    expect(errors).toEqual([{ text: 'Jan de Jong has insufficient credits in account.', title: 'Insufficient credits' }]);
    expect(selectStep(store.getState())).toBe('none');
    expect(selectEntries(store.getState())).toHaveLength(1);
  });

  it('a blocked account: "Account blocked" with the server\'s "blocked: open debt EUR x", and the order stays', async () => {
    stubApi({ 'POST /checkout/account/': () => json(409, fail(409, 'account_blocked', 'blocked: open debt EUR 12,50')) });
    const { store, effects, errors } = till(['PAYMENT_ACCOUNT_OTHER']);
    store.dispatch(startCheckout('account', effects));
    store.dispatch(pickAccount(jan, effects));
    await settle();
    expect(errors).toEqual([{ text: 'blocked: open debt EUR 12,50', title: 'Account blocked' }]);
    expect(selectStep(store.getState())).toBe('none');
    expect(selectEntries(store.getState())).toHaveLength(1);
  });

  it('undo calls the undo route and says "Transaction undone." for 1200 ms', async () => {
    const calls = stubApi({ [`POST /transactions/${TX}/undo/`]: () => json(200, ok({ transaction_id: TX, undone: { at: '', by: 'till' }, balance_after: null, accountName: null })) });
    const { store, effects } = till(['PAYMENT_UNDO']);
    await store.dispatch(undoSale(TX, effects));
    expect(calls).toHaveLength(1);
    expect(selectSale(store.getState())).toMatchObject({ text: 'Transaction undone.', duration: 1200 });
  });

  it("a card sale's undo asks for the refund at the terminal first, and sends the confirmation only when given", async () => {
    const calls = stubApi({ [`POST /transactions/${TX}/undo/`]: () => json(200, ok({ transaction_id: TX, undone: { at: '', by: 'till' }, balance_after: null, accountName: null })) });
    const { store, effects, confirms, answer } = till(['PAYMENT_UNDO', 'PAYMENT_CARD']);
    answer(false);
    await store.dispatch(undoSale(TX, effects, 450));
    expect(confirms).toEqual([expect.objectContaining({ title: expect.stringMatching(/^Refund €\s4,50 at the terminal$/), confirmLabel: 'Refunded' })]);
    expect(calls).toHaveLength(0);
    answer(true);
    await store.dispatch(undoSale(TX, effects, 450));
    expect(calls.map((c) => c.body)).toEqual([{ refundConfirmed: true }]);
    expect(selectSale(store.getState())).toMatchObject({ text: 'Transaction undone.' });
  });
});

describe('card payments', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  function cardApi(statuses: string[]) {
    const queue = [...statuses];
    return stubApi({
      'POST /checkout/card/': () => json(200, ok(purchase({ status: 'pending', terminal }))),
      'GET /transactions/card/*/status/': () => json(200, ok(cardStatus(queue.length > 1 ? (queue.shift() as string) : (queue[0] as string)))),
      'POST /transactions/*/finish/': () => json(200, ok(purchase())),
    });
  }
  const count = (calls: Call[], part: string) => calls.filter((c) => c.path.includes(part)).length;

  it('waits in the modal, polling every second, and finishes a completed payment by itself', async () => {
    const calls = cardApi(['pending', 'pending', 'completed']);
    const { store, effects } = till(['PAYMENT_CARD', 'PAYMENT_UNDO']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(10);
    expect(selectStep(store.getState())).toBe('card');
    expect(selectTopModal(store.getState())?.card?.phase).toBe('pending');
    await vi.advanceTimersByTimeAsync(1000);
    expect(count(calls, '/status/')).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(count(calls, '/finish/')).toBe(1);
    // "Payment successful!" stays on screen for 1.5 s from when it is drawn (the next animation frame, at most 16 ms
    // here) before the modal closes.
    await vi.advanceTimersByTimeAsync(1500);
    expect(selectTopModal(store.getState())?.card?.phase).toBe('completed');
    await vi.advanceTimersByTimeAsync(20);
    expect(selectStep(store.getState())).toBe('none');
    expect(selectEntries(store.getState())).toEqual([]);
    // A card sale's Undo refunds at the terminal first.
    expect(selectSale(store.getState())?.action).toMatchObject({ kind: 'undo-sale', transactionId: TX, refund: 250 });
  });

  it('a declined payment offers Try again, which sends a NEW nonce', async () => {
    const calls = cardApi(['expired']);
    const { store, effects } = till(['PAYMENT_CARD']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(10);
    expect(selectTopModal(store.getState())?.card?.phase).toBe('expired');
    store.dispatch(retryCard(effects));
    await vi.advanceTimersByTimeAsync(10);
    const nonces = calls.filter((c) => c.path === '/checkout/card/').map((c) => c.body?.nonce);
    expect(nonces).toHaveLength(2);
    expect(nonces[1]).not.toBe(nonces[0]);
    expect(selectStack(store.getState()).map((m) => m.step)).toEqual(['card']);
  });

  it('status errors are retried twice, then the modal says POS failed', async () => {
    const calls = stubApi({
      'POST /checkout/card/': () => json(200, ok(purchase({ status: 'pending', terminal }))),
      'GET /transactions/card/*/status/': () => json(502, fail(502, 'bad_gateway', 'Payments did not answer')),
    });
    const { store, effects } = till(['PAYMENT_CARD']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(1500);
    expect(count(calls, '/status/')).toBe(2);
    expect(selectTopModal(store.getState())?.card?.phase).toBe('loading');
    await vi.advanceTimersByTimeAsync(1000);
    expect(count(calls, '/status/')).toBe(3);
    expect(selectTopModal(store.getState())?.card).toMatchObject({ phase: 'error', error: 'Payments did not answer' });
  });

  it('bar mode hands the payment to the pending bar; a failed bar gives the cart back when clicked', async () => {
    cardApi(['pending', 'cancelled']);
    const { store, effects } = till(['PAYMENT_CARD', 'PAYMENT_ACCOUNT_OTHER']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(10);
    expect(selectStep(store.getState())).toBe('none');
    expect(selectEntries(store.getState())).toEqual([]);
    expect(selectPendingCard(store.getState())).toMatchObject({ phase: 'pending', amount: 250 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectPendingCard(store.getState())?.phase).toBe('cancelled');
    await store.dispatch(pendingBarClicked(effects));
    expect(selectPendingCard(store.getState())).toBeNull();
    expect(selectCart(store.getState()).entries).toEqual([{ product: pils, count: 1 }]);
  });

  it("bar mode: a failed bar asks before it adds its order to the next customer's cart, naming the failed amount", async () => {
    cardApi(['pending', 'cancelled']);
    const { store, effects, confirms, answer } = till(['PAYMENT_CARD', 'PAYMENT_ACCOUNT_OTHER']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(1010);
    expect(selectPendingCard(store.getState())?.phase).toBe('cancelled');
    store.dispatch(productAdded(pils));
    answer(false);
    await store.dispatch(pendingBarClicked(effects));
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.text).toMatch(/failed order of €\s2,50/);
    expect(selectCart(store.getState()).entries).toEqual([{ product: pils, count: 1 }]);
    expect(selectPendingCard(store.getState())?.phase).toBe('cancelled');
    answer(true);
    await store.dispatch(pendingBarClicked(effects));
    expect(selectCart(store.getState()).entries).toEqual([{ product: pils, count: 2 }]);
    expect(selectPendingCard(store.getState())).toBeNull();
  });

  it('bar mode: a completed payment clears the bar and confirms the sale', async () => {
    const calls = cardApi(['completed']);
    const { store, effects } = till(['PAYMENT_CARD', 'PAYMENT_ACCOUNT_OTHER']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(10);
    expect(count(calls, '/finish/')).toBe(1);
    expect(selectPendingCard(store.getState())?.phase).toBe('completed');
    // Green for 1.5 s from when it is drawn (the next animation frame, at most 16 ms here).
    await vi.advanceTimersByTimeAsync(1490);
    expect(selectPendingCard(store.getState())?.phase).toBe('completed');
    await vi.advanceTimersByTimeAsync(30);
    expect(selectPendingCard(store.getState())).toBeNull();
    expect(selectSale(store.getState())?.text).toMatch(/^Successful transaction for €\s2,50/);
  });

  it('finish waits while checkout has not heard of the approval yet', async () => {
    let finishes = 0;
    stubApi({
      'POST /checkout/card/': () => json(200, ok(purchase({ status: 'pending', terminal }))),
      'GET /transactions/card/*/status/': () => json(200, ok(cardStatus('completed'))),
      'POST /transactions/*/finish/': () =>
        ++finishes < 3 ? json(409, fail(409, 'payment_not_finished', 'The payment is not finished yet.')) : json(200, ok(purchase())),
    });
    const { store, effects, errors } = till(['PAYMENT_CARD']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(2100);
    expect(finishes).toBe(3);
    await vi.advanceTimersByTimeAsync(1500);
    expect(errors).toEqual([]);
    expect(selectStep(store.getState())).toBe('none');
  });

  it('follows a payment once however often it is asked to (a double tap): one poll a second, one finish', async () => {
    const calls = cardApi(['pending', 'pending', 'completed']);
    const { store, effects } = till(['PAYMENT_CARD', 'PAYMENT_ACCOUNT_OTHER']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(10);
    store.dispatch(watchCard(TX, effects));
    await vi.advanceTimersByTimeAsync(1000);
    expect(count(calls, '/status/')).toBe(2);
    store.dispatch(watchCard(TX, effects));
    await vi.advanceTimersByTimeAsync(3000);
    expect(count(calls, '/status/')).toBe(3);
    expect(count(calls, '/finish/')).toBe(1);
    expect(selectPendingCard(store.getState())).toBeNull();
  });

  it('stops polling when nobody shows the payment any more', async () => {
    const calls = cardApi(['pending']);
    const { store, effects } = till(['PAYMENT_CARD', 'PAYMENT_ACCOUNT_OTHER']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(1010);
    expect(count(calls, '/status/')).toBe(2);
    store.dispatch(pendingCleared());
    await vi.advanceTimersByTimeAsync(3000);
    expect(count(calls, '/status/')).toBe(2);
  });

  it('closing the wait modal while the terminal still waits keeps following the payment in the bar', async () => {
    cardApi(['pending']);
    const { store, effects } = till(['PAYMENT_CARD']);
    store.dispatch(startCheckout('card', effects));
    await vi.advanceTimersByTimeAsync(10);
    store.dispatch(cancelTop());
    expect(selectStep(store.getState())).toBe('none');
    expect(selectPendingCard(store.getState())?.transactionId).toBe(TX);
  });
});

describe('card reader', () => {
  it('an unknown card opens the account selection, then the PIN, links the card and pays with it', async () => {
    const calls = stubApi({
      'POST /checkout/account/': (_call, all) =>
        all.some((c) => c.path === '/reader/register/')
          ? json(200, ok(purchase({ accountName: jan.name, balance_after: 500 })))
          : json(400, fail(400, 'unknown_card_secret', 'Unknown card')),
      'POST /reader/register/': () => json(200, ok({ accountId: jan.id, accountName: jan.name })),
    });
    const { store, effects } = till(['PAYMENT_ACCOUNT_AUTHED']);
    store.dispatch(cardSwiped('secret-123', effects));
    await settle();
    expect(calls[0]?.body).toMatchObject({ cardSecret: 'secret-123' });
    expect(selectStep(store.getState())).toBe('reader-account');
    expect(selectTopModal(store.getState())?.title).toBe('Unknown card, connect your account');
    store.dispatch(pickAccount(jan, effects));
    expect(selectStep(store.getState())).toBe('reader-PIN');
    await store.dispatch(submitPin('1234', effects));
    await settle();
    expect(calls[1]).toMatchObject({ path: '/reader/register/', body: { cardSecret: 'secret-123', accountId: jan.id, pin: '1234' } });
    expect(calls[2]).toMatchObject({ path: '/checkout/account/', body: { cardSecret: 'secret-123' } });
    expect(calls[2]?.body?.nonce).not.toBe(calls[0]?.body?.nonce);
    expect(selectStep(store.getState())).toBe('none');
    expect(selectCardSecret(store.getState())).toBeNull();
  });

  it('does nothing with an empty cart or without an account capability', async () => {
    const calls = stubApi({});
    const empty = till(['PAYMENT_ACCOUNT_AUTHED']);
    empty.store.dispatch({ type: 'tillCart/cartCleared' });
    empty.store.dispatch(cardSwiped('secret-123', empty.effects));
    const cashOnly = till(['PAYMENT_CASH']);
    cashOnly.store.dispatch(cardSwiped('secret-123', cashOnly.effects));
    await settle();
    expect(calls).toEqual([]);
  });
});

describe('offline', () => {
  afterEach(() => vi.restoreAllMocks());
  const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

  it('refuses a card payment and, without bar mode, an account payment before anything is sent, saying why', async () => {
    offline();
    const calls = stubApi({});
    const { store, effects, errors } = till(['PAYMENT_CARD', 'PAYMENT_ACCOUNT_AUTHED']);
    store.dispatch(startCheckout('card', effects));
    store.dispatch(startCheckout('account', effects));
    await settle();
    expect(errors.map((e) => e.title)).toEqual(['Card payments need the network', 'Account payments need the network here']);
    expect(String(errors[1]!.text)).toContain('PINs are never kept on the till');
    expect(selectStack(store.getState())).toEqual([]);
    expect(selectEntries(store.getState())).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });

  it('refuses a member card read while offline', async () => {
    offline();
    const calls = stubApi({});
    const { store, effects, errors } = till(['PAYMENT_ACCOUNT_AUTHED']);
    store.dispatch(cardSwiped('secret-1234', effects));
    await settle();
    expect(errors.map((e) => e.title)).toEqual(['Member cards need the network here']);
    expect(selectCardSecret(store.getState())).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('says so and keeps the cart when the sale cannot be stored (here: no IndexedDB at all)', async () => {
    offline();
    const calls = stubApi({});
    const { store, effects, errors } = till(['PAYMENT_CASH']);
    store.dispatch(startCheckout('cash', effects));
    store.dispatch(confirmTop(effects));
    await vi.waitFor(() => expect(errors.map((e) => e.title)).toEqual(['Not saved offline']));
    expect(selectEntries(store.getState())).toHaveLength(1);
    expect(selectCheckoutBusy(store.getState())).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe('the age check (setting ageCheck)', () => {
  const jenever: Product = { id: '9'.repeat(24), name: 'Jenever', price: 300, deposit: false, depositAmount: 0, adultsOnly: true };
  const askingTill = () => {
    const t = till(['PAYMENT_CASH']);
    t.store.dispatch(configLoaded({ ...tillConfig(['PAYMENT_CASH']), ageCheck: 'ask' }));
    t.store.dispatch(productAdded(jenever));
    return t;
  };

  it('asks once per order with an 18+ product, then pays with the confirmation in the sale; two taps ask once', async () => {
    const calls = stubApi({ 'POST /checkout/cash/': () => json(200, ok(purchase({ total: 550 }))) });
    const { store, effects, confirms } = askingTill();
    store.dispatch(startCheckout('cash', effects));
    store.dispatch(startCheckout('cash', effects));
    await settle();
    expect(confirms).toEqual([{ title: 'Leeftijd controleren', text: 'Deze bestelling bevat 18+-producten. Is de klant 18 jaar of ouder?', confirmLabel: 'Ja, 18+', cancelLabel: 'Nee' }]);
    expect(selectStep(store.getState())).toBe('cash');
    store.dispatch(confirmTop(effects));
    await settle();
    expect(calls[0]?.body).toMatchObject({ ageConfirmed: true, products: [{ id: pils.id, amount: 1 }, { id: jenever.id, amount: 1 }] });
    // The next order asks again.
    store.dispatch(productAdded(jenever));
    store.dispatch(startCheckout('cash', effects));
    await settle();
    expect(confirms).toHaveLength(2);
  });

  it('"Nee" keeps the order as it is and opens no payment; the next tap asks again', async () => {
    const calls = stubApi({});
    const { store, effects, confirms, answer } = askingTill();
    answer(false);
    store.dispatch(startCheckout('cash', effects));
    await settle();
    expect(selectStep(store.getState())).toBe('none');
    expect(selectEntries(store.getState())).toHaveLength(2);
    expect(selectCart(store.getState()).age).toBeUndefined();
    store.dispatch(startCheckout('cash', effects));
    await settle();
    expect(confirms).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('checkout refuses the order unconfirmed (the setting changed since the till read it): the order stays, the next tap asks', async () => {
    let answered = 0;
    const detail = [{ loc: ['body', 'ageConfirmed'], msg: 'This order holds an 18+ product: confirm that the buyer is 18 or older.', type: 'value_error' }];
    const calls = stubApi({ 'POST /checkout/cash/': () => ((answered += 1) === 1 ? json(422, fail(422, 'validation_error', 'Invalid input', detail)) : json(200, ok(purchase({ total: 550 })))) });
    const { store, effects, confirms, errors } = till(['PAYMENT_CASH']);
    store.dispatch(productAdded(jenever));
    // The till still holds ageCheck 'off': no question, the sale goes out unconfirmed.
    store.dispatch(startCheckout('cash', effects));
    store.dispatch(confirmTop(effects));
    await settle();
    expect(calls[0]?.body).not.toHaveProperty('ageConfirmed');
    expect(errors).toEqual([{ text: 'De leeftijdscontrole staat nu aan: deze bestelling bevat 18+-producten. Tik opnieuw op betalen en bevestig de leeftijd van de klant.', title: 'Leeftijd controleren' }]);
    expect(selectStep(store.getState())).toBe('none');
    expect(selectEntries(store.getState())).toHaveLength(2);

    store.dispatch(startCheckout('cash', effects));
    await settle();
    expect(confirms.map((c) => c.text)).toEqual(['Deze bestelling bevat 18+-producten. Is de klant 18 jaar of ouder?']);
    store.dispatch(confirmTop(effects));
    await settle();
    expect(calls.map((c) => c.body?.ageConfirmed)).toEqual([undefined, true]);
    expect(selectEntries(store.getState())).toEqual([]);
    // A new order goes by the till's settings again.
    expect(selectCart(store.getState()).ageRequired).toBeUndefined();
  });

  it("with 'account' opens no cash, card or other payment for an 18+ order, and sells it on an account without asking", async () => {
    const calls = stubApi({ 'POST /checkout/account/': () => json(200, ok(purchase({ total: 550 }))) });
    const { store, effects, confirms, errors } = till(['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_OTHER', 'PAYMENT_ACCOUNT_OTHER']);
    store.dispatch(configLoaded({ ...tillConfig(['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_OTHER', 'PAYMENT_ACCOUNT_OTHER']), ageCheck: 'account' }));
    store.dispatch(productAdded(jenever));
    for (const method of ['cash', 'card', 'other'] as const) store.dispatch(startCheckout(method, effects));
    await settle();
    expect(errors).toHaveLength(3);
    expect(errors[0]).toEqual({ title: 'Alleen op rekening', text: expect.stringContaining('alleen verkocht op een rekening met een geboortedatum van 18 jaar of ouder') });
    expect(selectStep(store.getState())).toBe('none');
    expect(calls).toEqual([]);
    store.dispatch(startCheckout('account', effects));
    await settle();
    expect(confirms).toEqual([]);
    expect(selectStep(store.getState())).toBe('account');
  });

  it('asks nothing when the setting is off or the order holds no 18+ product', async () => {
    const calls = stubApi({ 'POST /checkout/cash/': () => json(200, ok(purchase())) });
    const { store, effects, confirms } = till(['PAYMENT_CASH']);
    store.dispatch(configLoaded({ ...tillConfig(['PAYMENT_CASH']), ageCheck: 'ask' }));
    store.dispatch(startCheckout('cash', effects));
    store.dispatch(confirmTop(effects));
    await settle();
    expect(confirms).toEqual([]);
    expect(calls[0]?.body).not.toHaveProperty('ageConfirmed');
  });
});
