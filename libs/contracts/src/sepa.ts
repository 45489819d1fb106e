import { countrySpecs, electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { BIC_MESSAGES, IBAN_MESSAGES } from './members';
import { CREDITOR_ID_MESSAGES } from './direct-debit';

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

/**
 * A SEPA creditor identifier (EPC262-08): country, two check digits, a three-character business code that the check
 * leaves out, and the national id (NL: the KvK number and four digits). The check digits are ISO 7064 MOD 97-10 over
 * national id + country + check digits, as for an IBAN.
 */
export function checkCreditorId(input: string | null | undefined): { creditorId: string } | { error: string } {
  const id = (input ?? '').replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return { error: CREDITOR_ID_MESSAGES.invalid };
  const digits = `${id.slice(7)}${id.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1 ? { creditorId: id } : { error: CREDITOR_ID_MESSAGES.invalid };
}
