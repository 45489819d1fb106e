import { z } from 'zod';

/** Final states a card terminal can end a payment in. */
export const TerminalOutcome = z.enum(['completed', 'expired', 'cancelled', 'deleted']);
export type TerminalOutcome = z.infer<typeof TerminalOutcome>;

/**
 * PUT /api/admin/terminal/standin: the outcomes the stand-in terminal gives the next started payments, in order
 * (replacing what was queued). Once the queue is used up, payments are approved after the default delay.
 */
export const StandinTerminalBody = z.object({
  outcomes: z.array(TerminalOutcome).max(100),
  /** How long each of these payments stays pending; the configured default when absent. */
  delayMs: z.number().int().min(0).max(600_000).optional(),
});
export type StandinTerminalBody = z.infer<typeof StandinTerminalBody>;

export const StandinTerminalState = z.object({
  provider: z.string(),
  defaultDelayMs: z.number().int(),
  queued: z.array(z.object({ outcome: TerminalOutcome, delayMs: z.number().int() })),
});
export type StandinTerminalState = z.infer<typeof StandinTerminalState>;
