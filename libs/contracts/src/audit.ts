import { z } from 'zod';
import { AuditActor } from './internal';
import { CalendarDay } from './text';
import { ObjectId, PageQuery } from './wrapper';

/** GET /api/admin/audit_logs: newest first. `action` matches exactly or as a prefix (`account.pin` finds `account.pin.set`). */
export const AuditLogQuery = PageQuery.extend({
  entity: z.string().trim().min(1).max(100).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  /** Username or user id of whoever made the change. */
  actor: z.string().trim().min(1).max(100).optional(),
  /** The changed record's id: a record's history. */
  entityId: z.string().trim().min(1).max(100).optional(),
  /** Changes made on this day (Dutch time). */
  day: CalendarDay.optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** The kinds of record the audit log names (`entity`), as the admin page offers them in its target filter. */
export const AUDIT_TARGET_KINDS: Readonly<Record<string, string>> = {
  account: 'Account',
  account_request: 'Account request',
  user: 'User',
  register: 'Register',
  product: 'Product',
  category: 'Category',
  reason: 'Checkout reason',
  bar_menu: 'Bar menu',
  transaction: 'Sale',
  invoice: 'Invoice',
  direct_debit_batch: 'Direct-debit batch',
  ideal_payment: 'iDEAL payment',
  accounting_export: 'Accounting export',
  exact_connection: 'Exact Online connection',
  ledger: 'Ledger',
  settings: 'Settings',
};

export const AuditLogEntry = z.object({
  id: ObjectId,
  at: z.string(),
  actor: AuditActor,
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The target by name (an account's or register's name, a username, an invoice number), where one is known. */
  entityName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  service: z.string(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const LedgerAuditDifferenceKind = z.enum([
  /** The account's postings do not run 1, 2, 3, … */
  'seq_gap',
  /** A posting's balanceAfter is not the previous balanceAfter plus its amount. */
  'posting_balance',
  /** The head posting's balanceAfter is not the sum of the account's postings. */
  'head_balance',
  /** The balance cached on the account differs from the ledger. */
  'balance_cache',
  /** Postings on an account that does not exist. */
  'unknown_account',
  /** A completed sale (or its top-up, or its undo) without the posting it needs. */
  'sale_without_posting',
  /** The sale's posting has another amount or account than the sale. */
  'posting_mismatch',
  /** Money moved for a sale that is not completed, or for no sale at all. */
  'posting_without_sale',
  /** A reversal was posted but the sale is not marked undone. */
  'undo_not_recorded',
  /** An invoice's or direct-debit batch's state and the postings keyed to it disagree (a credited invoice still paid). */
  'state_money',
]);
export type LedgerAuditDifferenceKind = z.infer<typeof LedgerAuditDifferenceKind>;

export const LedgerAuditDifference = z.object({
  kind: LedgerAuditDifferenceKind,
  accountId: ObjectId.nullable(),
  accountName: z.string().nullable(),
  /** Posting key, or the sale's transaction id. */
  ref: z.string().nullable(),
  message: z.string(),
  /** Cents, where the difference is about an amount. */
  expected: z.number().int().nullable(),
  actual: z.number().int().nullable(),
});
export type LedgerAuditDifference = z.infer<typeof LedgerAuditDifference>;

/** One run of the ledger self-audit, as the admin dashboard shows it. */
export const LedgerAuditRun = z.object({
  id: ObjectId,
  startedAt: z.string(),
  finishedAt: z.string(),
  /** The hourly schedule, `npm run ledger:audit`, or an administrator's "Run audit now". */
  trigger: z.enum(['schedule', 'command', 'admin']),
  accountsChecked: z.number().int(),
  postingsChecked: z.number().int(),
  purchasesChecked: z.number().int(),
  /** Sales made from this moment on were checked; null when all were. */
  purchasesSince: z.string().nullable(),
  /** Set when part of the audit could not be done (checkout did not answer); the rest still counts. */
  incomplete: z.string().nullable(),
  differenceCount: z.number().int(),
  /** The first differences found (at most 500; differenceCount has them all). */
  differences: z.array(LedgerAuditDifference),
});
export type LedgerAuditRun = z.infer<typeof LedgerAuditRun>;

/** GET /api/admin/ledger_audit: the latest run, null before the first one. */
export const LedgerAuditLatest = z.object({ latest: LedgerAuditRun.nullable() });
export type LedgerAuditLatest = z.infer<typeof LedgerAuditLatest>;

/**
 * POST /api/admin/ledger_audit: an administrator asks the worker for a run now. 200 with the run when it finished
 * within the wait; 202 while it is still queued or running (GET shows it once `finishedAt` is after `requestedAt`).
 */
export const LedgerAuditRequested = z.object({
  run: LedgerAuditRun.nullable(),
  requestedAt: z.string(),
  /** False when no accounts worker is connected: the run waits in the queue until one starts. */
  workerOnline: z.boolean(),
});
export type LedgerAuditRequested = z.infer<typeof LedgerAuditRequested>;

/**
 * A document whose state carries money (an invoice, a direct-debit batch), as its service reports it to the ledger
 * audit: the postings under `keys` must add up to `net` on `accountId`s (GET /internal/.../money-states).
 */
export const MoneyState = z.object({
  /** What the audit report names, e.g. "Invoice 2026-0001" or "Direct-debit batch of cut-off 2026-11-30". */
  ref: z.string(),
  status: z.string(),
  keys: z.array(z.string()),
  net: z.number().int(),
  /** When the document last changed: one changed within the audit's grace period is not judged yet. */
  changedAt: z.string(),
});
export type MoneyState = z.infer<typeof MoneyState>;
export const MoneyStatesResult = z.object({ states: z.array(MoneyState) });
export type MoneyStatesResult = z.infer<typeof MoneyStatesResult>;
