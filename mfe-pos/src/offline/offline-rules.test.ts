import { describe, expect, it } from 'vitest';
import { offlineAccountRefusal } from './offline-rules';

describe('offlineAccountRefusal', () => {
  const prepaid = { name: 'Jan', balance: 1_000, offlineFloor: 0 };

  it('allows a sale that leaves the last known balance, less the waiting sales, at the floor', () => {
    expect(offlineAccountRefusal(prepaid, 600, 400)).toBeNull();
  });

  it('refuses a sale that would go below the floor, saying what is left and why', () => {
    const text = offlineAccountRefusal(prepaid, 700, 400);
    expect(text).toMatch(/^Jan can spend €\s6,00 while the till is offline/);
    expect(text).toMatch(/minus €\s4,00 in sales waiting to be sent/);
    expect(text).toMatch(/This sale is €\s7,00/);
  });

  it('lets a credit account go down to minus its credit limit, and a board cap above zero holds back a prepaid one', () => {
    expect(offlineAccountRefusal({ name: 'Club', balance: -2_000, offlineFloor: -15_000 }, 13_000, 0)).toBeNull();
    expect(offlineAccountRefusal({ name: 'Club', balance: -2_000, offlineFloor: -15_000 }, 13_001, 0)).not.toBeNull();
    expect(offlineAccountRefusal({ name: 'Piet', balance: 1_000, offlineFloor: 500 }, 600, 0)).not.toBeNull();
  });

  it('refuses an account whose balance the till was never shown', () => {
    expect(offlineAccountRefusal({ name: 'X', balance: null, offlineFloor: null }, 100, 0)).toMatch(/no balance/);
  });
});
