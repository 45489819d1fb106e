import { formatMoney } from '@kassa/ui';

export const AMOUNT_INVALID = 'Please enter a valid number.';
export const AMOUNT_ZERO = 'Please enter a non-zero amount.';

/**
 * Euros as people type them ("10", "10,50", "10.5", "€ 12,00") to cents, with SPEC 5's messages; bounds in cents.
 * Integer arithmetic only: "0,29" is 29 cents, not 28.999….
 */
export function parseEuroAmount(text: string, bounds: { min: number; max: number }): { cents: number } | { error: string } {
  const cleaned = text.replace(/€/g, '').replace(/\s+/g, '');
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return { error: AMOUNT_INVALID };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents === 0) return { error: AMOUNT_ZERO };
  if (cents < bounds.min) return { error: `The minimum top-up is ${formatMoney(bounds.min)}.` };
  if (cents > bounds.max) return { error: `The largest online top-up is ${formatMoney(bounds.max)}.` };
  return { cents };
}
