import { z } from 'zod';
import { CalendarDay } from './text';
import { Cents, ObjectId, PageQuery } from './wrapper';

/**
 * Direct debit (SEPA Core, pain.008): a batch collects what credit accounts owed at a cut-off day on a collection
 * date. Payments owns batches and their files; the money moves in the accounts ledger (posting keys per batch and
 * account), and accounts answers who owes what (internal routes below).
 */

/** open: made, file written or being written; collected: the bank collected it (postings made); cancelled: never sent. */
export const DirectDebitBatchStatus = z.enum(['open', 'collected', 'cancelled']);
export type DirectDebitBatchStatus = z.infer<typeof DirectDebitBatchStatus>;

/** The pain.008 file: written by a job after the batch is made. */
export const DirectDebitFileStatus = z.enum(['pending', 'ready', 'failed']);
export type DirectDebitFileStatus = z.infer<typeof DirectDebitFileStatus>;

/** pending: in the file; collected: booked on the account; failed: the bank reversed it (debt back, credit off). */
export const DirectDebitStatus = z.enum(['pending', 'collected', 'failed']);
export type DirectDebitStatus = z.infer<typeof DirectDebitStatus>;

/** invoiced: the debt (or part of it) is sales on a final invoice, settled by paying the invoice (one route per sale). */
export const DirectDebitSkipReason = z.enum(['no_iban', 'no_mandate', 'closed', 'invoiced']);
export type DirectDebitSkipReason = z.infer<typeof DirectDebitSkipReason>;
export const SKIP_REASON_TEXT: Record<DirectDebitSkipReason, string> = {
  no_iban: 'No IBAN',
  no_mandate: 'No mandate',
  closed: 'Account closed',
  invoiced: 'On an invoice',
};

export const Creditor = z.object({ name: z.string(), iban: z.string(), bic: z.string(), creditorId: z.string() });
export type Creditor = z.infer<typeof Creditor>;

export const DirectDebitLine = z.object({
  accountId: ObjectId,
  name: z.string(),
  iban: z.string(),
  bic: z.string(),
  mandateId: z.string(),
  mandateSignedAt: CalendarDay,
  /** Cents collected, always above zero. */
  amount: Cents,
  endToEndId: z.string(),
  status: DirectDebitStatus,
  failedAt: z.string().nullable(),
  failReason: z.string().nullable(),
});
export type DirectDebitLine = z.infer<typeof DirectDebitLine>;

/** `detail`: why, in words (which invoices); an invoiced amount may be only part of what the account owes. */
export const DirectDebitSkipped = z.object({ accountId: ObjectId, name: z.string(), amount: Cents, reason: DirectDebitSkipReason, detail: z.string().nullable().optional() });
export type DirectDebitSkipped = z.infer<typeof DirectDebitSkipped>;

export const DirectDebitBatchSummary = z.object({
  id: ObjectId,
  collectionDate: CalendarDay,
  cutoff: CalendarDay,
  status: DirectDebitBatchStatus,
  fileStatus: DirectDebitFileStatus,
  fileError: z.string().nullable(),
  msgId: z.string(),
  count: z.number().int().min(0),
  total: Cents,
  skippedCount: z.number().int().min(0),
  failedCount: z.number().int().min(0),
  failedTotal: Cents,
  createdAt: z.string(),
  createdBy: z.string(),
  collectedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /**
   * The SEPA pre-notification (issue 48 §2): when the members were told amount, date, mandate and creditor id, how
   * many accounts were told, which could not be (no user to tell), and the days ahead the settings asked; null while
   * not yet (the file and "collected" wait for it).
   */
  prenotice: z.object({ at: z.string(), told: z.number().int().min(0), untold: z.array(z.object({ accountId: ObjectId, name: z.string() })), days: z.number().int().min(1) }).nullable(),
});
export type DirectDebitBatchSummary = z.infer<typeof DirectDebitBatchSummary>;

/** GET /api/admin/direct_debit/ */
export const DirectDebitBatchesQuery = PageQuery.extend({ status: DirectDebitBatchStatus.optional() });
export type DirectDebitBatchesQuery = z.infer<typeof DirectDebitBatchesQuery>;

/** GET /api/admin/direct_debit/{id}/: the batch, a page of its debits (15), every skipped account. */
export const DirectDebitBatchQuery = PageQuery.extend({ debitStatus: DirectDebitStatus.optional() });
export type DirectDebitBatchQuery = z.infer<typeof DirectDebitBatchQuery>;
export const DirectDebitBatchDetail = z.object({
  batch: DirectDebitBatchSummary,
  creditor: Creditor,
  debits: z.object({ items: z.array(DirectDebitLine), pageCount: z.number().int().min(0), total: z.number().int().min(0) }),
  skipped: z.array(DirectDebitSkipped),
  /** False while the collection date has not come (Dutch time): "Mark collected" waits for it. */
  collectable: z.boolean().optional(),
});
export type DirectDebitBatchDetail = z.infer<typeof DirectDebitBatchDetail>;

/** POST /api/admin/direct_debit/ and GET /api/admin/direct_debit/preview (the same fields as a query). */
export const DirectDebitBatchBody = z.object({
  collectionDate: CalendarDay,
  cutoff: CalendarDay,
});
export type DirectDebitBatchBody = z.infer<typeof DirectDebitBatchBody>;

export const DirectDebitPreview = z.object({
  collectionDate: CalendarDay,
  cutoff: CalendarDay,
  count: z.number().int().min(0),
  total: Cents,
  debits: z.array(DirectDebitLine.pick({ accountId: true, name: true, iban: true, mandateId: true, amount: true })),
  skipped: z.array(DirectDebitSkipped),
});
export type DirectDebitPreview = z.infer<typeof DirectDebitPreview>;

/** POST /api/admin/direct_debit/{id}/failed: the bank reversed one debit of a collected batch. */
export const DirectDebitFailBody = z.object({
  accountId: ObjectId,
  reason: z.string().trim().max(140, 'A reason has at most 140 characters.').default(''),
});
export type DirectDebitFailBody = z.infer<typeof DirectDebitFailBody>;

/** GET /internal/direct-debit/debtors?cutoff= on accounts: the creditor and every credit account owing money then. */
export const DirectDebitDebtorsQuery = z.object({ cutoff: CalendarDay });
export const DirectDebitDebtor = z.object({
  accountId: ObjectId,
  name: z.string(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  mandateId: z.string().nullable(),
  mandateSignedAt: CalendarDay.nullable(),
  closed: z.boolean(),
  /** Cents owed at the end of the cut-off day (above zero), less what direct debits booked since. */
  owed: Cents,
});
export type DirectDebitDebtor = z.infer<typeof DirectDebitDebtor>;
export const DirectDebitDebtors = z.object({
  creditor: Creditor.nullable(),
  debtors: z.array(DirectDebitDebtor),
  /** The setting prenotificationDays: members are told at least this many days before a collection. */
  prenotificationDays: z.number().int().min(1),
});

/** POST /internal/notices/direct-debit on accounts: tell each debtor of a batch amount, date, mandate and creditor id. */
export const PrenoticeRequest = z.object({
  batchId: ObjectId,
  collectionDate: CalendarDay,
  creditorId: z.string(),
  debits: z.array(z.object({ accountId: ObjectId, name: z.string(), amount: Cents, mandateId: z.string() })),
});
export type PrenoticeRequest = z.infer<typeof PrenoticeRequest>;
/** `untold`: accounts no user belongs to (nobody to tell); every other account's users have the notice. */
export const PrenoticeResult = z.object({ told: z.number().int().min(0), untold: z.array(z.object({ accountId: ObjectId, name: z.string() })) });
export type PrenoticeResult = z.infer<typeof PrenoticeResult>;
export type DirectDebitDebtors = z.infer<typeof DirectDebitDebtors>;

/**
 * GET /internal/invoices/debts?cutoff= on checkout: per account, the sales up to the cut-off that final or paid
 * invoices bill (a batch leaves them out: the invoice settles them), with the invoices' numbers.
 */
export const InvoicedDebtsQuery = z.object({ cutoff: CalendarDay });
export const InvoicedDebts = z.object({ accounts: z.array(z.object({ accountId: z.string(), amount: Cents, numbers: z.array(z.string()) })) });
export type InvoicedDebts = z.infer<typeof InvoicedDebts>;

/**
 * GET /internal/direct-debit/settled?accountId= on payments: `through`, the last cut-off up to which an open or
 * collected batch collects (or collected) this account's debt, its debit not failed (an invoice leaves out the sales
 * up to it); `open`, the account's debit in the open batch (what the member's page shows as the next direct debit).
 */
export const DirectDebitSettledQuery = z.object({ accountId: ObjectId });
export const DirectDebitSettled = z.object({
  through: CalendarDay.nullable(),
  open: z.object({ collectionDate: CalendarDay, cutoff: CalendarDay, amount: Cents }).nullable(),
});
export type DirectDebitSettled = z.infer<typeof DirectDebitSettled>;

/** POST /internal/accounts/{id}/direct-debit-failure on accounts: credit off, as the terms say, and the member is told. */
export const DirectDebitFailureRequest = z.object({ batchId: ObjectId, amount: Cents, at: z.iso.datetime({ offset: true }) });
export const DirectDebitFailureResult = z.object({ creditAccountBefore: z.boolean(), creditAccount: z.boolean() });
export type DirectDebitFailureResult = z.infer<typeof DirectDebitFailureResult>;

/** What the member's /account shows after a failed debit. */
export const DirectDebitFailureNotice = z.object({ at: z.string(), amount: Cents });
export type DirectDebitFailureNotice = z.infer<typeof DirectDebitFailureNotice>;

/** The SEPA creditor identifier's messages (settings). */
export const CREDITOR_ID_MESSAGES = {
  invalid: 'Invalid creditor id: it is like NL98ZZZ999999999999 and its check digits must match.',
} as const;
