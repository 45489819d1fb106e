import { BIC_MESSAGES, IBAN_MESSAGES } from '@kassa/contracts';
import { countrySpecs, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * SPEC 5 checks of the bank account for a direct debit, as the server does them (ibantools: the country's length,
 * pattern and checksum). Spaces are allowed, lower case is not.
 */
export function ibanError(value: string): string | null {
  const typed = value.trim();
  if (typed === '') return IBAN_MESSAGES.required;
  if (typed !== typed.toUpperCase()) return IBAN_MESSAGES.uppercase;
  return isValidIBAN(electronicFormatIBAN(typed) ?? '') ? null : IBAN_MESSAGES.invalid;
}

/**
 * The message to show while the member is still typing: only what is wrong already (lower case, an unknown country),
 * and the full check once the IBAN has its country's length.
 */
export function ibanTypingError(value: string): string | null {
  const typed = value.trim();
  if (typed !== typed.toUpperCase()) return IBAN_MESSAGES.uppercase;
  const iban = electronicFormatIBAN(typed) ?? '';
  if (iban.length < 2) return null;
  const length = countrySpecs[iban.slice(0, 2)]?.chars;
  if (!length) return IBAN_MESSAGES.invalid;
  return iban.length < length ? null : ibanError(typed);
}

export function bicError(value: string): string | null {
  const bic = value.replace(/\s+/g, '');
  if (bic === '') return BIC_MESSAGES.required;
  return isValidBIC(bic) ? null : BIC_MESSAGES.invalid;
}

/** A BIC has 8 or 11 characters; judged while typing once it has 8. */
export function bicTypingError(value: string): string | null {
  return value.replace(/\s+/g, '').length < 8 ? null : bicError(value);
}
