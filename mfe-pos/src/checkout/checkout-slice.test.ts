import { sessionCleared } from '@kassa/api-client';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  accountPicked,
  attemptMade,
  cancelled,
  cardHandedOver,
  cardSecretRead,
  cardStarted,
  cardStatusChanged,
  checkoutOpened,
  checkoutSlice,
  insufficientCredits,
  pinRejected,
  reasonPicked,
  requestFailed,
  requestStarted,
  saleFinished,
  topUpAccountStored,
  topUpChosen,
  unknownCardRead,
  type CheckoutState,
  type Step,
} from './checkout-slice';

const reduce = (...actions: UnknownAction[]) => actions.reduce<CheckoutState>((s, a) => checkoutSlice.reducer(s, a), checkoutSlice.reducer(undefined, { type: 'init' }));
const step = (s: CheckoutState): Step => s.stack[s.stack.length - 1]?.step ?? 'none';
const steps = (s: CheckoutState) => s.stack.map((m) => m.step);
const jan = { id: 'c'.repeat(24), name: 'Jan de Jong' };
const terminal = { friendly_name: 'Bar terminal', brand: 'standin' };
const emptyCart = { entries: [], topUp: null };

describe('checkout steps (SPEC 4)', () => {
  it('starts at none', () => {
    expect(step(reduce())).toBe('none');
  });

  it.each(['cash', 'other-reason', 'account', 'top-up'] as const)('cancel of %s returns to none', (first) => {
    const open = reduce(checkoutOpened({ step: first, totalPrice: 450 }));
    expect(step(open)).toBe(first);
    expect(step(checkoutSlice.reducer(open, cancelled()))).toBe('none');
  });

  it('other-reason confirm picks a reason and goes to other; cancel from other returns to other-reason', () => {
    const other = reduce(checkoutOpened({ step: 'other-reason', totalPrice: 450 }), reasonPicked('Bestuur'));
    expect(step(other)).toBe('other');
    expect(other.stack.at(-1)?.reason).toBe('Bestuur');
    expect(step(checkoutSlice.reducer(other, cancelled()))).toBe('other-reason');
  });

  it('account confirm goes to account-PIN; cancel from PIN returns to account', () => {
    const pin = reduce(checkoutOpened({ step: 'account', totalPrice: 450 }), accountPicked(jan));
    expect(steps(pin)).toEqual(['account', 'account-PIN']);
    expect(pin.stack.at(-1)?.account).toEqual(jan);
    expect(step(checkoutSlice.reducer(pin, cancelled()))).toBe('account');
  });

  it('top-up amount confirm goes to account-top-up; storing the account returns to none', () => {
    const chosen = reduce(checkoutOpened({ step: 'top-up', totalPrice: 370 }), topUpChosen(630));
    expect(steps(chosen)).toEqual(['top-up', 'account-top-up']);
    expect(chosen.stack.at(-1)).toMatchObject({ topUpAmount: 630, totalPrice: 1000 });
    expect(step(checkoutSlice.reducer(chosen, topUpAccountStored()))).toBe('none');
  });

  it('unknown card: reader-account, then reader-PIN; cancel from PIN returns to reader-account, cancel there clears the secret', () => {
    const read = reduce(cardSecretRead('card-123'), requestStarted(), unknownCardRead({ totalPrice: 450 }));
    expect(steps(read)).toEqual(['reader-account']);
    expect(read.stack[0]?.title).toBe('Unknown card, connect your account');
    const pin = checkoutSlice.reducer(read, accountPicked(jan));
    expect(step(pin)).toBe('reader-PIN');
    const back = checkoutSlice.reducer(pin, cancelled());
    expect(step(back)).toBe('reader-account');
    expect(back.cardSecret).toBe('card-123');
    const gone = checkoutSlice.reducer(back, cancelled());
    expect(step(gone)).toBe('none');
    expect(gone.cardSecret).toBeNull();
  });

  it('a request shows the spinner on top and ignores every other action until it ends', () => {
    const busy = reduce(checkoutOpened({ step: 'cash', totalPrice: 450 }), requestStarted());
    expect(steps(busy)).toEqual(['cash', 'loading']);
    expect(busy.busy).toBe(true);
    expect(checkoutSlice.reducer(busy, cancelled())).toBe(busy);
    expect(checkoutSlice.reducer(busy, checkoutOpened({ step: 'account', totalPrice: 1 }))).toBe(busy);
  });

  it('a failed request goes back to the modal under the spinner; only a refusal drops the nonce', () => {
    const sent = reduce(checkoutOpened({ step: 'cash', totalPrice: 450 }), attemptMade({ key: 'k', nonce: 'n-1' }), requestStarted());
    const network = checkoutSlice.reducer(sent, requestFailed({ final: false }));
    expect(steps(network)).toEqual(['cash']);
    expect(network.attempt?.nonce).toBe('n-1');
    const refused = checkoutSlice.reducer(sent, requestFailed({ final: true }));
    expect(refused.attempt).toBeNull();
  });

  it('a wrong PIN marks the PIN modal (again on every try) and drops the nonce', () => {
    let s = reduce(checkoutOpened({ step: 'account', totalPrice: 450 }), accountPicked(jan), attemptMade({ key: 'k', nonce: 'n' }), requestStarted(), pinRejected());
    expect(steps(s)).toEqual(['account', 'account-PIN']);
    expect(s.stack.at(-1)?.pinErrors).toBe(1);
    expect(s.attempt).toBeNull();
    s = [requestStarted(), pinRejected()].reduce((x, a) => checkoutSlice.reducer(x, a), s);
    expect(s.stack.at(-1)?.pinErrors).toBe(2);
  });

  it('a started card payment replaces the spinner with the wait modal; a retry replaces the failed one', () => {
    const started = reduce(requestStarted(), cardStarted({ transactionId: 't1', terminal, totalPrice: 450 }));
    expect(steps(started)).toEqual(['card']);
    expect(started.stack[0]?.card).toMatchObject({ transactionId: 't1', phase: 'loading' });
    const expired = checkoutSlice.reducer(started, cardStatusChanged({ transactionId: 't1', phase: 'expired', error: null }));
    expect(expired.stack[0]?.card?.phase).toBe('expired');
    const retried = [requestStarted(), cardStarted({ transactionId: 't2', terminal, totalPrice: 450 })].reduce(
      (x, a) => checkoutSlice.reducer(x, a),
      expired,
    );
    expect(steps(retried)).toEqual(['card']);
    expect(retried.stack[0]?.card?.transactionId).toBe('t2');
  });

  it('a card payment handed to the pending bar closes the modals and follows its status there', () => {
    const bar = reduce(
      requestStarted(),
      cardHandedOver({ transactionId: 't1', terminal, phase: 'loading', error: null, amount: 450, cart: emptyCart }),
      cardStatusChanged({ transactionId: 't1', phase: 'pending', error: null }),
    );
    expect(step(bar)).toBe('none');
    expect(bar.busy).toBe(false);
    expect(bar.pending).toMatchObject({ transactionId: 't1', phase: 'pending', amount: 450 });
  });

  it('insufficient credits ends the checkout and clears the card secret', () => {
    const s = reduce(cardSecretRead('card-1'), checkoutOpened({ step: 'account', totalPrice: 450 }), requestStarted(), insufficientCredits());
    expect(step(s)).toBe('none');
    expect(s.cardSecret).toBeNull();
    expect(s.busy).toBe(false);
  });

  it('a finished sale closes every modal and forgets nonce and card', () => {
    const s = reduce(checkoutOpened({ step: 'cash', totalPrice: 450 }), attemptMade({ key: 'k', nonce: 'n' }), requestStarted(), saleFinished());
    expect(s).toMatchObject({ stack: [], busy: false, attempt: null, cardSecret: null });
  });

  it('opens nothing over an open checkout, and logging out resets it', () => {
    const open = reduce(checkoutOpened({ step: 'cash', totalPrice: 450 }));
    expect(checkoutSlice.reducer(open, checkoutOpened({ step: 'account', totalPrice: 450 }))).toBe(open);
    expect(step(checkoutSlice.reducer(open, sessionCleared()))).toBe('none');
  });
});
