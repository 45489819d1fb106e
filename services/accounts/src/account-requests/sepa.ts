import { BIC_MESSAGES, IBAN_MESSAGES } from '@kassa/contracts';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * SPEC 5 checks of a bank account for a direct debit, with ibantools (country length, pattern and checksum). Spaces
 * and dashes as people type them are allowed; lower case is not, the mandate must carry the IBAN as the bank writes
 * it. Answers the stored form, or the message to show.
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
