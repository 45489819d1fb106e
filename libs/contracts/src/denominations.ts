/**
 * The notes and coins a till's drawer is counted in, in cents, largest first; without zod, so the till may import it
 * (`@kassa/contracts/denominations`).
 */
export const DENOMINATIONS = [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5] as const;
export type Denomination = (typeof DENOMINATIONS)[number];

/** What a count by denomination comes to, in cents (a missing denomination counts none). */
export const countTotal = (count: Partial<Record<string, number>>): number => DENOMINATIONS.reduce((sum, d) => sum + d * (count[String(d)] ?? 0), 0);
