import { describe, expect, it } from 'vitest';
import { checkBic, checkIban } from './sepa';

describe('IBAN and BIC checks (SPEC 5)', () => {
  it('accepts a valid IBAN, also typed in groups, and stores it without spaces', () => {
    expect(checkIban('NL91ABNA0417164300')).toEqual({ iban: 'NL91ABNA0417164300' });
    expect(checkIban(' NL91 ABNA 0417 1643 00 ')).toEqual({ iban: 'NL91ABNA0417164300' });
    expect(checkIban('DE89370400440532013000')).toEqual({ iban: 'DE89370400440532013000' });
  });

  it.each([
    ['', 'Please enter an IBAN.'],
    [null, 'Please enter an IBAN.'],
    ['NL91ABNA0417164301', 'Invalid IBAN.'],
    ['NL91ABNA041716430', 'Invalid IBAN.'],
    ['XX91ABNA0417164300', 'Invalid IBAN.'],
    ['nl91abna0417164300', 'IBAN must be uppercase.'],
    ['nl00xyz', 'IBAN must be uppercase.'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(checkIban(input)).toEqual({ error: message });
  });

  it('checks the BIC', () => {
    expect(checkBic('ABNANL2A')).toEqual({ bic: 'ABNANL2A' });
    expect(checkBic('abnanl2axxx')).toEqual({ bic: 'ABNANL2AXXX' });
    expect(checkBic('')).toEqual({ error: 'Please enter a BIC.' });
    expect(checkBic('ABNA')).toEqual({ error: 'Invalid BIC.' });
    expect(checkBic('ABNAQQ2A')).toEqual({ error: 'Invalid BIC.' });
  });
});
