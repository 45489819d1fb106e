import { describe, expect, it } from 'vitest';
import { sellsToOthers } from './session-hooks';

describe('sellsToOthers (the till keyboard is for registers that sell to others)', () => {
  it('is false for the Members register, no register and no config', () => {
    expect(sellsToOthers(['PAYMENT_ACCOUNT_SELF'])).toBe(false);
    expect(sellsToOthers([])).toBe(false);
    expect(sellsToOthers(undefined)).toBe(false);
  });

  it('is true for a till or bar register, and for an administrator holding every capability', () => {
    expect(sellsToOthers(['PAYMENT_CASH'])).toBe(true);
    expect(sellsToOthers(['PAYMENT_ACCOUNT_OTHER', 'PAYMENT_CARD'])).toBe(true);
    expect(sellsToOthers(['PAYMENT_ACCOUNT_SELF', 'PAYMENT_UNDO'])).toBe(true);
  });
});
