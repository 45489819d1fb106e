import { describe, expect, it } from 'vitest';
import { bicError, bicTypingError, ibanError, ibanTypingError } from './sepa-rules';

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
