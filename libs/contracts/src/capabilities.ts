import { z } from 'zod';

export const Capability = z.enum([
  'PAYMENT_CASH',
  'PAYMENT_CARD',
  'PAYMENT_ACCOUNT_AUTHED',
  'PAYMENT_ACCOUNT_OTHER',
  'PAYMENT_ACCOUNT_SELF',
  'PAYMENT_OTHER',
  'PAYMENT_UNDO',
  /** Pay back the deposit on returned packaging (a negative, deposit-only line at the till). */
  'DEPOSIT_RETURN',
]);
export type Capability = z.infer<typeof Capability>;
export const ALL_CAPABILITIES: Capability[] = Capability.options;

/** SPEC 5: a check passes only when every listed capability is held. */
export const hasCapabilities = (held: readonly string[] | undefined, required: readonly Capability[]): boolean =>
  required.every((c) => held?.includes(c) ?? false);
