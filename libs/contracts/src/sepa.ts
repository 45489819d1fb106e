import { countrySpecs, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { BIC_MESSAGES, IBAN_MESSAGES } from './members';

/**
 * THE IBAN and BIC rules of SPEC 5, used by the server (account requests, the admin account page) and by the pages
 * that take them (account setup, /admin/accounts). ibantools checks the country's length, pattern and checksum.
 * Spaces as people type them are allowed; lower case is not: the mandate carries the IBAN as the bank writes it.
 * A separate entry point (`@kassa/contracts/sepa`) so only the pages that check an IBAN carry ibantools.
 */
export function checkIban(input: string | null | undefined): { iban: string } | { error: string } {
  const spaced = (input ?? '').trim();
  if (spaced === '') return { error: IBAN_MESSAGES.required };
  if (spaced !== spaced.toUpperCase()) return { error: IBAN_MESSAGES.uppercase };
  const iban = electronicFormatIBAN(spaced) ?? '';
  if (!isValidIBAN(iban)) return { error: IBAN_MESSAGES.invalid };
  return { iban };
}

export function checkBic(input: string | null | undefined): { bic: string } | { error: string } {
  const bic = (input ?? '').replace(/\s+/g, '');
  if (bic === '') return { error: BIC_MESSAGES.required };
  if (!isValidBIC(bic)) return { error: BIC_MESSAGES.invalid };
  return { bic: bic.toUpperCase() };
}

/** The message for a field, or null when it is right. */
export const ibanError = (value: string): string | null => {
  const checked = checkIban(value);
  return 'error' in checked ? checked.error : null;
};
export const bicError = (value: string): string | null => {
  const checked = checkBic(value);
  return 'error' in checked ? checked.error : null;
};

/**
 * The message to show while someone is still typing: only what is wrong already (lower case, an unknown country),
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

/** A BIC has 8 or 11 characters; judged while typing once it has 8. */
export function bicTypingError(value: string): string | null {
  return value.replace(/\s+/g, '').length < 8 ? null : bicError(value);
}
