import { describe, expect, it } from 'vitest';
import { centsToInput, parseEuros } from './euros';

describe('parseEuros', () => {
  it('reads euros as people type them, in exact cents', () => {
    expect(parseEuros('2,35')).toEqual({ cents: 235 });
    expect(parseEuros('0.29')).toEqual({ cents: 29 });
    expect(parseEuros('€ 1000')).toEqual({ cents: 100_000 });
  });

  it('answers SPEC 5 lines for text, fractions of a cent, zero and a minus where none is allowed', () => {
    for (const text of ['2,3x', 'abc', '0,001', '-2,50', '']) expect(parseEuros(text)).toEqual({ error: 'Please enter a valid number.' });
    expect(parseEuros('0')).toEqual({ error: 'Please enter a non-zero amount.' });
    expect(parseEuros('0', { zero: true })).toEqual({ cents: 0 });
    expect(parseEuros('-2,50', { negative: true })).toEqual({ cents: -250 });
  });

  it('writes cents back as a form shows them', () => {
    expect(centsToInput(235)).toBe('2,35');
    expect(centsToInput(5)).toBe('0,05');
    expect(centsToInput(-1250)).toBe('-12,50');
  });
});
