import { z } from 'zod';
import { Cents, ObjectId } from './wrapper';

/**
 * `external`: another association or outside party that buys at the bar (on a tab, invoiced). Only `event` and
 * `external` accounts may run a tab (docs/decisions.md "Tabs").
 */
export const AccountType = z.enum(['member', 'event', 'external', 'system']);
export type AccountType = z.infer<typeof AccountType>;

/** An account as the till lists it. Balance and badges go to bar-mode registers only. */
export const TillAccount = z.object({
  id: ObjectId,
  name: z.string(),
  balance: Cents.nullable(),
  directDebit: z.boolean().nullable(),
  type: AccountType.nullable(),
  lastUsed: z.string().nullable(),
  /**
   * Bar mode only: the lowest balance (cents) the till may take this account to with sales made offline (the board's
   * offline cap for prepaid accounts, minus the credit limit for credit accounts). Null where balances are not shown.
   */
  offlineFloor: Cents.nullable().optional(),
  /** Bar mode only: the account runs a tab (invoiced, never direct debit; the till's TAB badge). Null elsewhere. */
  tab: z.boolean().nullable().optional(),
  /** Bar mode only, on a tab: how far below zero it may go (cents, positive), or null: no limit was chosen. */
  tabLimit: Cents.nullable().optional(),
});
export type TillAccount = z.infer<typeof TillAccount>;
export const TillAccountsResult = z.object({ accounts: z.array(TillAccount) });
export type TillAccountsResult = z.infer<typeof TillAccountsResult>;

/** SPEC 5: one message per bad PIN, the first rule that fails (`abort` stops at it). */
export const Pin = z
  .string({ error: 'Please enter a pin code.' })
  .min(1, { error: 'Please enter a pin code.', abort: true })
  .refine((s) => !/[^0-9]/.test(s), { error: 'Pin code cannot contain letters.', abort: true })
  .refine((s) => s.length === 4, 'Pin code does not contain precisely four digits.');

export const SelfAccount = z.object({
  balance: Cents,
  iban: z.string().nullable(),
  creditAccount: z.boolean(),
  account: z.object({ id: ObjectId, name: z.string(), type: AccountType, hasPin: z.boolean() }),
  /**
   * The next direct debit: with `cutoff`, the account's debit in the open batch (the amount is frozen at the end of
   * that day); without, what the next batch would collect (the balance now, on the first business day of next month).
   */
  sepa: z
    .object({ execDate: z.string(), balance: Cents, iban: z.string(), cutoff: z.string().nullable().optional() })
    .nullable(),
  /** The last direct debit the bank reversed (credit was switched off then); null when none. */
  directDebitFailure: z.object({ at: z.string(), amount: Cents }).nullable().optional(),
});
export type SelfAccount = z.infer<typeof SelfAccount>;

export const ReaderRegisterBody = z.object({
  cardSecret: z.string().min(4).max(256),
  accountId: ObjectId,
  pin: Pin,
});
export type ReaderRegisterBody = z.infer<typeof ReaderRegisterBody>;

/** POST /api/account/pin: a new PIN for the user's own account. */
export const SetPinBody = z.object({
  pin: Pin,
  /** The PIN in use now, or the user's password: needed to change a PIN that is set (a phone left unlocked is not enough). */
  current: z.string().max(200).optional(),
});
export type SetPinBody = z.infer<typeof SetPinBody>;
export const SetPinResult = z.object({ hasPin: z.boolean() });
export type SetPinResult = z.infer<typeof SetPinResult>;

/** POST /api/reader/register/: the card is linked; the secret itself is never echoed. */
export const ReaderRegisterResult = z.object({ accountId: ObjectId, accountName: z.string() });
export type ReaderRegisterResult = z.infer<typeof ReaderRegisterResult>;
