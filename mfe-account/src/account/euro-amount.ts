import { formatMoney, parseEuros } from '@kassa/ui';

/** An online top-up typed in euros, to cents within the bounds (cents) with SPEC 5's messages and the top-up limits. */
export function parseEuroAmount(text: string, bounds: { min: number; max: number }): { cents: number } | { error: string } {
  const parsed = parseEuros(text);
  if ('error' in parsed) return parsed;
  if (parsed.cents < bounds.min) return { error: `The minimum top-up is ${formatMoney(bounds.min)}.` };
  if (parsed.cents > bounds.max) return { error: `The largest online top-up is ${formatMoney(bounds.max)}.` };
  return parsed;
}
