import { describe, expect, it } from 'vitest';
import { parseEuroAmount } from './euro-amount';

const bounds = { min: 500, max: 25_000 };

describe('parseEuroAmount', () => {
  it('reads euros as people type them, in exact cents', () => {
    expect(parseEuroAmount('10', bounds)).toEqual({ cents: 1000 });
    expect(parseEuroAmount('10,50', bounds)).toEqual({ cents: 1050 });
    expect(parseEuroAmount('10.5', bounds)).toEqual({ cents: 1050 });
    expect(parseEuroAmount('€ 12,29', bounds)).toEqual({ cents: 1229 });
    expect(parseEuroAmount(' 7 ', bounds)).toEqual({ cents: 700 });
  });

  it('answers the SPEC 5 messages and the bounds', () => {
    for (const text of ['', 'ten', '10,505', '-10', '1.000,00', '10,-']) expect(parseEuroAmount(text, bounds)).toEqual({ error: 'Please enter a valid number.' });
    expect(parseEuroAmount('0', bounds)).toEqual({ error: 'Please enter a non-zero amount.' });
    expect(parseEuroAmount('0,00', bounds)).toEqual({ error: 'Please enter a non-zero amount.' });
    expect(parseEuroAmount('4,99', bounds)).toEqual({ error: 'The minimum top-up is €\u00a05,00.' });
    expect(parseEuroAmount('250,01', bounds)).toEqual({ error: 'The largest online top-up is €\u00a0250,00.' });
  });
});
