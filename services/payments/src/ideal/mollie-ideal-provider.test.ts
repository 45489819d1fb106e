import { describe, expect, it } from 'vitest';
import { centsToMollieValue, MollieIdealProvider, mollieValueToCents } from './mollie-ideal-provider';

describe('the Mollie provider (the real @mollie/api-client, no call made)', () => {
  it('builds its client from the package as Node loads it', () => {
    // The default import was the CommonJS module object, so IDEAL_PROVIDER=mollie crashed at start-up.
    expect(new MollieIdealProvider('test_abcdefghijklmnopqrstuvwxyz0123').name).toBe('mollie');
  });
});

describe("Mollie's amount values", () => {
  it('turns cents into the "10.00" Mollie expects and back, without rounding errors', () => {
    for (const cents of [1, 99, 100, 1005, 2999, 25_000, 123_456]) expect(mollieValueToCents(centsToMollieValue(cents))).toBe(cents);
    expect(centsToMollieValue(1000)).toBe('10.00');
    expect(centsToMollieValue(5)).toBe('0.05');
    // 0.29 * 100 is 28.999… in floating point: the conversion must not go through it.
    expect(mollieValueToCents('0.29')).toBe(29);
  });

  it('refuses a value that is not two decimals', () => {
    expect(() => mollieValueToCents('10.5')).toThrow();
    expect(() => mollieValueToCents('ten')).toThrow();
  });
});
