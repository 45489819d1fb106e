import { describe, expect, it } from 'vitest';
import { addDays, CATEGORY_COLOURS, contrastRatio, dutchDay, formatDate, formatDay, formatMoney, luminanceOf, textColourOn } from './format';

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
    const at = new Date('2026-11-22T20:05:00Z');
    expect(formatDate(at)).toBe('22 november 2026');
    expect(formatDate(at, { time: true })).toBe('22 november 2026 om 21:05');
    expect(formatDate('not a date')).toBe('');
  });
});

describe("Dutch days, whatever the browser's zone", () => {
  it("shows and counts a moment on the association's day and hour, not the machine's", () => {
    // 23:30 UTC on 30 November is already 1 December in Amsterdam; in summer the offset is two hours.
    expect(formatDate('2026-11-30T23:30:00Z')).toBe('1 december 2026');
    expect(formatDate('2026-11-30T23:30:00Z', { time: true })).toBe('1 december 2026 om 00:30');
    expect(formatDate('2026-07-01T22:15:00Z', { time: true })).toBe('2 juli 2026 om 00:15');
    expect(dutchDay('2026-11-30T23:30:00Z')).toBe('2026-12-01');
    expect(dutchDay('2026-11-30T22:59:00Z')).toBe('2026-11-30');
  });

  it('writes a calendar day as that day, and moves days across months and years', () => {
    expect(formatDay('2026-12-03')).toBe('3 december 2026');
    expect(formatDay('2027-01-01')).toBe('1 januari 2027');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('textColourOn', () => {
  it('gives every category colour text of at least 4.5:1 contrast (WCAG AA), the demo tiles included', () => {
    // The demo's beer, soft-drink, snack, wine and other tiles, then the palette offered for new categories.
    for (const colour of ['#f2b705', '#2e86de', '#e67e22', '#8e44ad', '#c0392b', ...CATEGORY_COLOURS]) {
      const text = textColourOn(colour);
      expect(contrastRatio(luminanceOf(colour)!, luminanceOf(text)!), `${text} on ${colour}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(textColourOn('#e67e22')).toBe('#000000');
    expect(textColourOn('#2c3e50')).toBe('#ffffff');
    expect(textColourOn('not a colour')).toBe('#000000');
  });
});
