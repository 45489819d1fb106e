import { z } from 'zod';
import { ObjectId } from './wrapper';

/** Final states a card terminal can end a payment in. */
export const TerminalOutcome = z.enum(['completed', 'expired', 'cancelled', 'deleted']);
export type TerminalOutcome = z.infer<typeof TerminalOutcome>;

/**
 * PUT /api/admin/terminal/standin: the outcomes the stand-in terminal gives the next started payments, in order
 * (replacing what was queued). Each register has a terminal of its own, as at a bar: a payment at a register takes
 * that register's next outcome, then the next of the queue shared by every register (`register` absent). Once both
 * are used up, payments are approved after the default delay.
 */
export const StandinTerminalBody = z.object({
  outcomes: z.array(TerminalOutcome).max(100),
  /** How long each of these payments stays pending; the configured default when absent. */
  delayMs: z.number().int().min(0).max(600_000).optional(),
  /** The register whose terminal this is; absent: the queue every register shares. */
  register: ObjectId.optional(),
});
export type StandinTerminalBody = z.infer<typeof StandinTerminalBody>;

/** GET /api/admin/terminal/standin: the queue of one register's terminal, or without `register` the shared one. */
export const StandinTerminalQuery = z.object({ register: ObjectId.optional() });
export type StandinTerminalQuery = z.infer<typeof StandinTerminalQuery>;

export const StandinTerminalState = z.object({
  provider: z.string(),
  defaultDelayMs: z.number().int(),
  queued: z.array(z.object({ outcome: TerminalOutcome, delayMs: z.number().int() })),
});
export type StandinTerminalState = z.infer<typeof StandinTerminalState>;

/**
 * GET /internal/terminal/totals: the card terminal's own count and total of the payments it approved for a register in
 * a period (asked when a shift closes). `totals` is null when the terminal cannot say, and `note` says why.
 */
export const TerminalTotalsQuery = z.object({
  register: z.string().min(1).max(100),
  from: z.string().datetime(),
  to: z.string().datetime(),
});
export type TerminalTotalsQuery = z.infer<typeof TerminalTotalsQuery>;
export const TerminalTotals = z.object({
  totals: z.object({ count: z.number().int().min(0), total: z.number().int() }).nullable(),
  note: z.string().nullable(),
});
export type TerminalTotals = z.infer<typeof TerminalTotals>;
