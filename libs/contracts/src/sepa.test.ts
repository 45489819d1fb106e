import { describe, expect, it } from 'vitest';
import { bicError, bicTypingError, checkBic, checkCreditorId, checkIban, ibanError, ibanTypingError } from './sepa';

describe('IBAN and BIC rules (SPEC 5)', () => {
  it('accepts valid IBANs of several countries, with or without spaces', () => {
    for (const iban of ['NL91ABNA0417164300', 'NL91 ABNA 0417 1643 00', 'DE89 3704 0044 0532 0130 00', 'BE68539007547034']) expect(ibanError(iban)).toBeNull();
  });

  it('says what is wrong, in the words of the spec', () => {
    expect(ibanError('')).toBe('Please enter an IBAN.');
    expect(ibanError('NL91ABNA0417164301')).toBe('Invalid IBAN.');
    expect(ibanError('NL91ABNA04171643')).toBe('Invalid IBAN.');
    expect(ibanError('nl91abna0417164300')).toBe('IBAN must be uppercase.');
    expect(bicError('')).toBe('Please enter a BIC.');
    expect(bicError('ABNANL2')).toBe('Invalid BIC.');
    expect(bicError('ABNANL2A')).toBeNull();
    expect(bicError('ABNANL2AXXX')).toBeNull();
  });

  it('while typing, waits for the full length of the country before judging the checksum', () => {
    expect(ibanTypingError('')).toBeNull();
    expect(ibanTypingError('NL91 ABNA')).toBeNull();
    expect(ibanTypingError('NL91ABNA041716430')).toBeNull();
    expect(ibanTypingError('NL91ABNA0417164301')).toBe('Invalid IBAN.');
    expect(ibanTypingError('NL91ABNA0417164300')).toBeNull();
    // Wrong already: lower case, or a country without IBANs.
    expect(ibanTypingError('nl')).toBe('IBAN must be uppercase.');
    expect(ibanTypingError('QQ12')).toBe('Invalid IBAN.');
    expect(bicTypingError('ABNA')).toBeNull();
    expect(bicTypingError('ABNAQQ2A')).toBe('Invalid BIC.');
  });
});

describe('IBAN and BIC as the server stores them (SPEC 5)', () => {
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

describe('SEPA creditor identifier', () => {
  it('accepts ids whose check digits match, with spaces or lower case as typed', () => {
    expect(checkCreditorId('NL28ZZZ401234560000')).toEqual({ creditorId: 'NL28ZZZ401234560000' });
    expect(checkCreditorId('nl28 zzz 4012 3456 0000')).toEqual({ creditorId: 'NL28ZZZ401234560000' });
    expect(checkCreditorId('DE98ZZZ09999999999')).toEqual({ creditorId: 'DE98ZZZ09999999999' });
  });

  it('refuses wrong check digits and wrong shapes', () => {
    for (const bad of ['NL29ZZZ401234560000', 'NL28ZZZ401234560001', '', 'NL28', 'NLXXZZZ401234560000']) expect(checkCreditorId(bad)).toHaveProperty('error');
  });
});
