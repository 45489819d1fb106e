import { describe, expect, it } from 'vitest';
import { amountDue, isCheckoutKey, isSaleKey, ledgerKeys } from './sale-conventions';

describe('sale conventions', () => {
  it('names the postings of a sale by its nonce and their undo by its transaction id', () => {
    expect(ledgerKeys.checkout('n1')).toBe('checkout:n1');
    expect(ledgerKeys.checkoutTopUp('n1')).toBe('checkout:n1:topup');
    expect(ledgerKeys.undo('t1')).toBe('undo:t1');
    expect(ledgerKeys.undoTopUp('t1')).toBe('undo:t1:topup');
  });

  it('tells sale postings from the others', () => {
    expect([ledgerKeys.checkoutTopUp('n'), ledgerKeys.undo('t')].map(isSaleKey)).toEqual([true, true]);
    expect(isSaleKey('opening:abc')).toBe(false);
    expect(isCheckoutKey(ledgerKeys.undo('t'))).toBe(false);
  });

  it('asks for the products plus the top-up a sale carries', () => {
    expect(amountDue({ total: 250, upgrade: { amount: 1000 } })).toBe(1250);
    expect(amountDue({ total: 250, upgrade: null })).toBe(250);
  });
});
