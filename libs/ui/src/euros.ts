/** SPEC 5 "Amount" messages. */
export const AMOUNT_INVALID = 'Please enter a valid number.';
export const AMOUNT_ZERO = 'Please enter a non-zero amount.';

/**
 * Euros as people type them ("10", "10,50", "10.5", "€ 12,00", with `negative` also "-2,50") to integer cents, with
 * SPEC 5's messages. Integer arithmetic only: "0,29" is 29 cents, not 28.999…; a fraction of a cent is not a number.
 */
export function parseEuros(text: string, opts: { negative?: boolean; zero?: boolean } = {}): { cents: number } | { error: string } {
  const cleaned = text.replace(/€/g, '').replace(/\s+/g, '');
  const match = /^(-?)(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match || (match[1] && !opts.negative)) return { error: AMOUNT_INVALID };
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (cents === 0 && !opts.zero) return { error: AMOUNT_ZERO };
  return { cents: match[1] ? -cents : cents };
}

/** Cents as a form shows them for editing: 235 → "2,35" (no euro sign, no thousands separator). */
export const centsToInput = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
