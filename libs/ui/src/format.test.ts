import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';

// Runs on Node's full ICU: the formatter written out must say what Intl says, digit for digit and space for space.
const intl = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

describe('formatMoney', () => {
  it('writes cents as Intl does for nl-NL euros', () => {
    expect(formatMoney(250)).toBe('€\u00a02,50');
    expect(formatMoney(-350)).toBe('€\u00a0-3,50');
    expect(formatMoney(123456789)).toBe('€\u00a01.234.567,89');
  });

  it('agrees with Intl from -€ 10 million to € 10 million, signs, separators and padding included', () => {
    const values = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 100001, 999999, 1000000, 123456789, 999999999];
    for (let cents = 1; cents < 1e9; cents = Math.floor(cents * 1.37) + 1) values.push(cents);
    for (const cents of values) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
      if (cents !== 0) expect(formatMoney(-cents)).toBe(intl.format(-cents / 100));
    }
  });
});

describe('formatDate', () => {
  it('writes the long nl-NL date, with the time when asked', () => {
    const at = new Date(2026, 10, 22, 21, 5);
    expect(formatDate(at)).toBe('22 november 2026');
    expect(formatDate(at, { time: true })).toBe('22 november 2026 om 21:05');
    expect(formatDate('not a date')).toBe('');
  });
});
