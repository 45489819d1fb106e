import { z } from 'zod';
import { Pin } from './accounts';
import { AgeCheck } from './catalog';
import { CalendarDay, cleanName } from './text';
import { PostingKind } from './internal';
import { Cents, ObjectId, PageQuery } from './wrapper';
import { CREDITOR_ID_MESSAGES } from './direct-debit';
import { InvoiceSender, InvoiceSenderBody } from './invoices';

/** GET /api/account/transactions: the member's own ledger postings, newest first. */
export const OwnTransactionsQuery = PageQuery;
export type OwnTransactionsQuery = z.infer<typeof OwnTransactionsQuery>;

export const OwnTransaction = z.object({
  id: ObjectId,
  at: z.string(),
  kind: PostingKind,
  /** What was bought, or what kind of money movement it was (top-up, undo, direct debit …). */
  description: z.string(),
  /** Signed cents: negative took money off the account. */
  amount: Cents,
  balanceAfter: Cents,
});
export type OwnTransaction = z.infer<typeof OwnTransaction>;

/** GET /api/account/transactions/count */
export const OwnTransactionsCount = z.object({ count: z.number().int().min(0) });
export type OwnTransactionsCount = z.infer<typeof OwnTransactionsCount>;

/** SPEC 5 messages; client and server check with ibantools and answer these words. */
export const IBAN_MESSAGES = {
  required: 'Please enter an IBAN.',
  invalid: 'Invalid IBAN.',
  uppercase: 'IBAN must be uppercase.',
} as const;
export const BIC_MESSAGES = { required: 'Please enter a BIC.', invalid: 'Invalid BIC.' } as const;

export const AccountRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export type AccountRequestStatus = z.infer<typeof AccountRequestStatus>;

/**
 * POST /api/account_request/request. IBAN and BIC are checked by the route (ibantools, the messages above) and only
 * for a credit account; a prepaid request drops them.
 */
export const AccountRequestBody = z.object({
  pin: Pin,
  creditAccount: z.boolean({ error: 'Please choose a prepaid or a credit account.' }),
  iban: z.string().max(64).nullish(),
  bic: z.string().max(32).nullish(),
  /**
   * The account's name at the till (and the account holder for a direct debit); the user's name when left out or
   * empty. Cleaned like every stored name (cleanName: NFC, no bidi controls or zero-width characters).
   */
  name: z.string().transform(cleanName).pipe(z.string().max(100, 'A name has at most 100 characters.')).nullish(),
  acceptTerms: z.literal(true, { error: 'Please accept the terms and conditions.' }),
});
export type AccountRequestBody = z.input<typeof AccountRequestBody>;

export const AccountRequestView = z.object({
  id: ObjectId,
  userId: ObjectId,
  username: z.string(),
  name: z.string(),
  creditAccount: z.boolean(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  status: AccountRequestStatus,
  /** The board's note with a decision (a rejection's reason). */
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  /** The account made on approval. */
  accountId: ObjectId.nullable(),
});
export type AccountRequestView = z.infer<typeof AccountRequestView>;

/** GET /api/admin/account_requests */
export const AccountRequestsQuery = PageQuery.extend({ status: AccountRequestStatus.optional() });
export type AccountRequestsQuery = z.infer<typeof AccountRequestsQuery>;

/** POST /api/admin/account_requests/{id}/status */
export const AccountRequestDecisionBody = z.object({
  status: z.enum(['approved', 'rejected']),
  note: z.string().trim().max(500).optional(),
});
export type AccountRequestDecisionBody = z.infer<typeof AccountRequestDecisionBody>;

/** Online top-ups (iDEAL) are bounded above too: a typo of one zero should not send a member to pay € 1.000,00. */
export const IDEAL_MAX_AMOUNT = 25_000;

/** POST /api/account/upgrade: cents; the minimum (settings.accountUpgradeMinAmount) is checked by the route. */
export const AccountUpgradeBody = z.object({
  amount: z
    .number({ error: 'Please enter a valid number.' })
    .int({ error: 'Please enter a valid number.' })
    .refine((n) => n > 0, { error: 'Please enter a non-zero amount.', abort: true })
    .refine((n) => n <= IDEAL_MAX_AMOUNT, 'The largest online top-up is €\u00a0250,00.'),
});
export type AccountUpgradeBody = z.infer<typeof AccountUpgradeBody>;

export const AccountUpgradeResult = z.object({ paymentId: ObjectId, checkoutUrl: z.string() });
export type AccountUpgradeResult = z.infer<typeof AccountUpgradeResult>;

/** Our status of an online payment; the provider's words (Mollie's "canceled") are mapped onto these. */
export const IdealPaymentStatus = z.enum(['open', 'pending', 'paid', 'cancelled', 'expired', 'failed']);
export type IdealPaymentStatus = z.infer<typeof IdealPaymentStatus>;
export const IDEAL_FINAL_STATUSES: readonly IdealPaymentStatus[] = ['paid', 'cancelled', 'expired', 'failed'];

/** GET /api/account/upgrade/{paymentId}: what the member sees on return from the bank. */
export const AccountUpgradeStatus = z.object({
  id: ObjectId,
  amount: Cents,
  status: IdealPaymentStatus,
  /** True once the amount is on the account (a paid payment is credited by the worker a moment later). */
  credited: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AccountUpgradeStatus = z.infer<typeof AccountUpgradeStatus>;

/** GET /api/admin/ideal/ */
export const IdealPaymentsQuery = PageQuery.extend({
  status: IdealPaymentStatus.optional(),
  /** The account credited (or to be credited). */
  account: ObjectId.optional(),
});
export type IdealPaymentsQuery = z.infer<typeof IdealPaymentsQuery>;

export const IdealPaymentAdmin = z.object({
  id: ObjectId,
  provider: z.string(),
  providerId: z.string().nullable(),
  amount: Cents,
  status: IdealPaymentStatus,
  accountId: ObjectId,
  accountName: z.string(),
  username: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  creditedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type IdealPaymentAdmin = z.infer<typeof IdealPaymentAdmin>;

/** GET /internal/users/:id/upgrade-info on accounts: what payments needs to start a member's online top-up. */
export const UserUpgradeInfo = z.object({
  accountId: ObjectId,
  accountName: z.string(),
  username: z.string(),
  minAmount: Cents,
});
export type UserUpgradeInfo = z.infer<typeof UserUpgradeInfo>;

/** Fines on a debt after a failed debit: none, a fixed amount or a percentage of the debt per period. */
export const FineMode = z.enum(['off', 'fixed', 'percent']);
export type FineMode = z.infer<typeof FineMode>;

/** New terms announced ahead of their day (SPEC 1: changes to the terms are announced 14 days ahead). */
export const TermsAnnouncement = z.object({
  version: z.number().int(),
  /** The local day they take effect: from then on everyone accepts them again. */
  effectiveOn: z.string(),
  summary: z.string(),
  announcedAt: z.string(),
  /** Users the notice went to (mailed when they have an address). */
  told: z.number().int(),
});
export type TermsAnnouncement = z.infer<typeof TermsAnnouncement>;

/** Days between announcing new terms and their taking effect, at least (SPEC 1). */
export const TERMS_NOTICE_DAYS = 14;

/** POST /api/admin/settings/terms: announce new terms (mailed to every user now; in force from `effectiveOn`). */
export const TermsAnnouncementBody = z.object({
  summary: z.string().trim().min(1, 'Say in a few lines what changes.').max(1000, 'Keep the summary under 1,000 characters: the full terms are on the site.'),
  effectiveOn: CalendarDay,
});
export type TermsAnnouncementBody = z.infer<typeof TermsAnnouncementBody>;

/** GET and PUT /api/admin/settings/ (PUT takes any subset; `bumpConditionsVersion` makes everyone accept the terms again). */
export const AdminSettings = z.object({
  aprilFoolsEnabled: z.boolean(),
  posWrappedAvailable: z.boolean(),
  /** The live transactions slide (a public screen) shows members' first names beside their drinks. */
  slideShowsNames: z.boolean(),
  requireTfa: z.boolean(),
  requireSettingAccountPin: z.boolean(),
  accountUpgradeMinAmount: Cents,
  conditionsVersion: z.number().int(),
  termsAnnouncement: TermsAnnouncement.nullable(),
  /** Cents a credit account may go below zero unless the account has its own limit. */
  creditLimit: Cents,
  /** The association as SEPA creditor (direct debit); '' when not set. */
  creditorName: z.string(),
  creditorIban: z.string(),
  creditorBic: z.string(),
  creditorId: z.string(),
  /** Printed on invoices as their sender. */
  invoiceSender: InvoiceSender,
  /** The lowest balance (cents) an offline till may take a prepaid account to; credit accounts use their credit limit. */
  offlinePrepaidFloor: Cents,
  /** A correction of more than this many cents (either way) needs a second admin's approval (four eyes). */
  fourEyesAboveCents: Cents,
  /** Whether the till asks to check the buyer's age for an order with an 18+ product. */
  ageCheck: AgeCheck,
  /** A cash sale at a register without an open shift is taken; false: the till must open a shift first. */
  cashWithoutShift: z.boolean(),
  /** A shift closed with a cash difference of more than this many cents (either way) needs a note. */
  shiftNoteAbove: Cents,
  /** SEPA pre-notification: members are told of a debit at least this many days before its collection date. */
  prenotificationDays: z.number().int(),
  /** A member whose direct debit failed and who still owes is reminded this many days after the failure, and again. */
  debitReminderDays: z.number().int(),
  debitSecondReminderDays: z.number().int(),
  /**
   * Fines on a debt after a failed debit (issue 48 §3; off unless the association's terms say so): each full period
   * the account still owes, a fixed amount or a percentage of what it owes, together at most `fineCap` per failure.
   */
  fineMode: FineMode,
  fineAmount: Cents,
  finePercent: z.number().int(),
  finePeriodDays: z.number().int(),
  fineCap: Cents,
});
export type AdminSettings = z.infer<typeof AdminSettings>;

export const AdminSettingsBody = z.object({
  aprilFoolsEnabled: z.boolean().optional(),
  posWrappedAvailable: z.boolean().optional(),
  slideShowsNames: z.boolean().optional(),
  requireTfa: z.boolean().optional(),
  requireSettingAccountPin: z.boolean().optional(),
  accountUpgradeMinAmount: z.number().int().min(100).max(IDEAL_MAX_AMOUNT).optional(),
  bumpConditionsVersion: z.boolean().optional(),
  creditLimit: z.number().int('A limit is a whole number of cents.').min(0, 'A limit cannot be below € 0,00.').max(500_000, 'A limit cannot be above € 5.000,00.').optional(),
  /** SEPA creditor: IBAN, BIC and creditor id are checked by the route (check digits); all four or none make sense. */
  creditorName: z.string().trim().max(70, 'A creditor name has at most 70 characters.').optional(),
  creditorIban: z.string().trim().max(40).optional(),
  creditorBic: z.string().trim().max(11, 'Invalid BIC.').optional(),
  creditorId: z.string().trim().max(35, CREDITOR_ID_MESSAGES.invalid).optional(),
  invoiceSender: InvoiceSenderBody.optional(),
  offlinePrepaidFloor: z.number().int('The offline cap is a whole number of cents.').min(0, 'The offline cap cannot be below € 0,00.').max(50_000, 'The offline cap cannot be above € 500,00.').optional(),
  fourEyesAboveCents: z.number().int('The four-eyes threshold is a whole number of cents.').min(0, 'The four-eyes threshold cannot be below € 0,00.').max(1_000_000, 'The four-eyes threshold cannot be above € 10.000,00.').optional(),
  ageCheck: AgeCheck.optional(),
  cashWithoutShift: z.boolean().optional(),
  shiftNoteAbove: z.number().int('The note threshold is a whole number of cents.').min(0, 'The note threshold cannot be below € 0,00.').max(100_000, 'The note threshold cannot be above € 1.000,00.').optional(),
  prenotificationDays: z.number().int('The pre-notification period is a whole number of days.').min(1, 'The pre-notification period is at least 1 day.').max(60, 'The pre-notification period is at most 60 days.').optional(),
  debitReminderDays: z.number().int('A reminder comes after a whole number of days.').min(1, 'A reminder comes at least 1 day after the failure.').max(60, 'A reminder comes at most 60 days after the failure.').optional(),
  debitSecondReminderDays: z.number().int('A reminder comes after a whole number of days.').min(1, 'A reminder comes at least 1 day after the failure.').max(60, 'A reminder comes at most 60 days after the failure.').optional(),
  fineMode: FineMode.optional(),
  fineAmount: z.number().int('A fine is a whole number of cents.').min(0, 'A fine cannot be below € 0,00.').max(10_000, 'A fine cannot be above € 100,00.').optional(),
  finePercent: z.number().int('A percentage is a whole number.').min(0, 'A percentage cannot be below 0.').max(25, 'A fine is at most 25% of the debt.').optional(),
  finePeriodDays: z.number().int('A period is a whole number of days.').min(7, 'A period is at least 7 days.').max(365, 'A period is at most 365 days.').optional(),
  fineCap: z.number().int('The cap is a whole number of cents.').min(0, 'The cap cannot be below € 0,00.').max(100_000, 'The cap cannot be above € 1.000,00.').optional(),
});
export type AdminSettingsBody = z.infer<typeof AdminSettingsBody>;
