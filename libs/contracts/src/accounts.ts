import { z } from 'zod';
import { Cents, ObjectId } from './wrapper';

export const AccountType = z.enum(['member', 'event', 'system']);
export type AccountType = z.infer<typeof AccountType>;

/** An account as the till lists it. Balance and badges go to bar-mode registers only. */
export const TillAccount = z.object({
  id: ObjectId,
  name: z.string(),
  balance: Cents.nullable(),
  directDebit: z.boolean().nullable(),
  type: AccountType.nullable(),
  lastUsed: z.string().nullable(),
});
export type TillAccount = z.infer<typeof TillAccount>;
export const TillAccountsResult = z.object({ accounts: z.array(TillAccount) });
export type TillAccountsResult = z.infer<typeof TillAccountsResult>;

export const Pin = z
  .string({ error: 'Please enter a pin code.' })
  .min(1, 'Please enter a pin code.')
  .refine((s) => !/[^0-9]/.test(s), 'Pin code cannot contain letters.')
  .refine((s) => s.length === 4, 'Pin code does not contain precisely four digits.');

export const SelfAccount = z.object({
  balance: Cents,
  iban: z.string().nullable(),
  creditAccount: z.boolean(),
  account: z.object({ id: ObjectId, name: z.string(), type: AccountType, hasPin: z.boolean() }),
  sepa: z
    .object({ execDate: z.string(), balance: Cents, iban: z.string() })
    .nullable(),
});
export type SelfAccount = z.infer<typeof SelfAccount>;

export const ReaderRegisterBody = z.object({
  cardSecret: z.string().min(4).max(256),
  accountId: ObjectId,
  pin: Pin,
});
export type ReaderRegisterBody = z.infer<typeof ReaderRegisterBody>;
