import { z } from 'zod';
import { AccountType } from './accounts';
import { PostingKind } from './internal';
import { Cents, ObjectId, PageQuery, QueryFlag } from './wrapper';

/** What an account below zero is: a credit (direct-debit) account, a tab, or another account a correction took below. */
export const DebtorKind = z.enum(['credit', 'tab', 'other']);
export type DebtorKind = z.infer<typeof DebtorKind>;
export const DEBTOR_KIND_LABELS: Record<DebtorKind, string> = { credit: 'Credit account', tab: 'Tab', other: 'Other' };

/** An open account below zero, as the board follows it up (GET /api/admin/debtors/). */
export const Debtor = z.object({
  accountId: ObjectId,
  name: z.string(),
  type: AccountType,
  kind: DebtorKind,
  /** What the account owes: minus its balance (cents, positive). */
  owed: Cents,
  /** When the balance went below zero and stayed there (the posting that took it below), or null without postings. */
  since: z.string().nullable(),
  /** The last money put on the account (a top-up, iDEAL, a collected debit or a correction up), or null: never. */
  lastPayment: z.object({ at: z.string(), amount: Cents, kind: PostingKind }).nullable(),
  /** The last direct debit the bank reversed (credit was switched off then), or null. */
  debitFailed: z.object({ at: z.string(), amount: Cents }).nullable(),
  /** Reminders sent since that failure (the first and the second, per the settings' days). */
  reminders: z.number().int().min(0),
  /** From which local day the account buys nothing while it owes (a month after the failure), or null. */
  blockedFrom: z.string().nullable(),
  /** Blocked now: that day has come. Paying the debt lifts it at once. */
  blocked: z.boolean(),
});
export type Debtor = z.infer<typeof Debtor>;

/** The filters of the debtors (GET /api/admin/debtors/csv: every row of them as a file). */
export const DebtorsFilter = z.object({
  kind: DebtorKind.optional(),
  /** Only accounts whose last direct debit the bank reversed. */
  failed: QueryFlag.optional(),
  /** Only accounts blocked now (a month after a failed debit, still owing). */
  blocked: QueryFlag.optional(),
});
export type DebtorsFilter = z.input<typeof DebtorsFilter>;

/** GET /api/admin/debtors/: most owed first, 15 a page. */
export const DebtorsQuery = PageQuery.extend(DebtorsFilter.shape);
export type DebtorsQuery = z.input<typeof DebtorsQuery>;

export const DebtorsResult = z.object({
  items: z.array(Debtor),
  pageCount: z.number().int().min(0),
  total: z.number().int().min(0),
  /** What all the accounts of the filter owe together (cents). */
  owed: Cents,
});
export type DebtorsResult = z.infer<typeof DebtorsResult>;
