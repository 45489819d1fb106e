import { z } from 'zod';
import { AccountType } from './accounts';
import { PostingKind } from './internal';
import { CalendarDay, DisplayName } from './text';
import { Cents, ObjectId, PageQuery, QueryFlag as flag } from './wrapper';

/** The largest amount one admin top-up or correction moves (cents): € 10.000,00; a typo of zeros is refused. */
export const ADMIN_UPGRADE_MAX = 1_000_000;
/** The largest credit limit an account may get (cents): € 5.000,00. */
export const CREDIT_LIMIT_MAX = 500_000;
/** The largest limit a tab may get (cents): € 10.000,00. A tab without a limit is chosen as such (`tabLimit: null`). */
export const TAB_LIMIT_MAX = 1_000_000;
/** Account types that may run a tab. */
export const TAB_TYPES: readonly AccountType[] = ['event', 'external'];

/**
 * Ways an admin puts money on an account (SPEC 4 payment methods an admin may book), and `correction` for a
 * signed fix of a mistake. Member and till methods (account_payment, ideal_payment, card_payment...) are not here.
 */
export const AdminUpgradeMethod = z.enum(['cash_payment', 'card_admin_payment', 'transfer_payment', 'other_admin_payment', 'correction'], {
  error: 'Choose a method: cash, card, bank transfer, other or correction.',
});
export type AdminUpgradeMethod = z.infer<typeof AdminUpgradeMethod>;

export const ADMIN_UPGRADE_METHOD_LABELS: Record<AdminUpgradeMethod, string> = {
  cash_payment: 'Cash',
  card_admin_payment: 'Card (at the terminal)',
  transfer_payment: 'Bank transfer',
  other_admin_payment: 'Other',
  correction: 'Correction',
};

/** A posting as the admin reads it on an account's page: what, how much, the balance after, who and why. */
export const AdminPosting = z.object({
  seq: z.number().int(),
  at: z.string(),
  /** The Dutch day the posting counts for (stored when written). */
  day: z.string().nullable(),
  kind: PostingKind,
  amount: Cents,
  balanceAfter: Cents,
  ref: z.string(),
  description: z.string().nullable(),
  method: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
  /** A fine that an admin waived (its waiver is a posting of its own). */
  waived: z.boolean().optional(),
});
export type AdminPosting = z.infer<typeof AdminPosting>;

/** An account as the administration sees it (no PIN hash, no card secret: only whether a PIN is set). */
export const AdminAccount = z.object({
  id: ObjectId,
  name: z.string(),
  type: AccountType,
  balance: Cents,
  creditAccount: z.boolean(),
  /** The account's own limit, or null: the default of the settings holds. */
  creditLimit: Cents.nullable(),
  /** The limit in force (cents, as a positive number: the account may go down to minus this). */
  effectiveCreditLimit: Cents,
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  mandateId: z.string().nullable(),
  mandateSignedAt: CalendarDay.nullable(),
  /** The holder's date of birth, recorded only where the age check needs it (setting ageCheck 'account'). */
  dateOfBirth: CalendarDay.nullable().optional(),
  /**
   * A tab (event or external account): sales are taken without balance down to minus `tabLimit` (or without limit
   * when that is null), it is invoiced to `invoiceName` at `invoiceAddress` and never in a direct-debit batch.
   */
  tab: z.boolean().optional(),
  tabLimit: Cents.nullable().optional(),
  invoiceName: z.string().nullable().optional(),
  invoiceAddress: z.string().nullable().optional(),
  hasPin: z.boolean(),
  /** Until when wrong PINs have locked the account (its PIN payments are refused), or null: not locked now. */
  pinLockedUntil: z.string().nullable().optional(),
  lastUsed: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  users: z.array(z.object({ id: ObjectId, username: z.string() })),
});
export type AdminAccount = z.infer<typeof AdminAccount>;


/** GET /api/admin/accounts/: 15 a page by name; search on the name and the filters of the list. */
export const AdminAccountsQuery = PageQuery.extend({
  search: z.string().max(100).optional(),
  credit: flag.optional(),
  type: AccountType.optional(),
  /** Only accounts below zero. */
  negative: flag.optional(),
  /** Only accounts not used for more than a year (the terms' expiry rule). */
  unused: flag.optional(),
  /** Closed accounts instead of open ones. */
  closed: flag.optional(),
});
export type AdminAccountsQuery = z.input<typeof AdminAccountsQuery>;

const Iban = z.string().max(64).nullable();
/** A date of birth: a real day, not before 1900 and not after today. */
const DateOfBirth = CalendarDay.refine((day) => day >= '1900-01-01' && day <= new Date().toISOString().slice(0, 10), 'A date of birth lies between 1900 and today.');
const Bic = z.string().max(32).nullable();

/**
 * POST /api/admin/accounts/ and PUT /api/admin/accounts/{id}/. IBAN and BIC are checked by the route with the rules
 * of `@kassa/contracts/sepa` and answer the SPEC 5 lines; a credit account needs both.
 */
export const AdminAccountBody = z.object({
  name: DisplayName(100),
  type: AccountType.default('member'),
  creditAccount: z.boolean().default(false),
  creditLimit: z.number().int('A limit is a whole number of cents.').min(0, 'A limit cannot be below € 0,00.').max(CREDIT_LIMIT_MAX, 'A limit cannot be above € 5.000,00.').nullable().default(null),
  iban: Iban.default(null),
  bic: Bic.default(null),
  mandateId: z.string().trim().max(35, 'A mandate id has at most 35 characters.').regex(/^[A-Za-z0-9+?/:().,'-]*$/, 'A mandate id has only letters, digits and + ? / - : ( ) . , \'.').nullable().default(null),
  mandateSignedAt: CalendarDay.nullable().default(null),
  dateOfBirth: DateOfBirth.nullable().default(null),
  tab: z.boolean().default(false),
  /**
   * A tab's limit in cents, or null for no limit. Never defaulted: making an account a tab needs it said (a number, or
   * null on purpose), so no tab is unlimited by accident.
   */
  tabLimit: z
    .number({ error: 'A limit is a whole number of cents.' })
    .int('A limit is a whole number of cents.')
    .min(1, 'A tab limit is above € 0,00; choose no limit to leave the tab open.')
    .max(TAB_LIMIT_MAX, 'A tab limit cannot be above € 10.000,00.')
    .nullable()
    .optional(),
  invoiceName: z.string().trim().max(100, 'A name has at most 100 characters.').nullable().default(null),
  invoiceAddress: z.string().trim().max(300, 'An address has at most 300 characters.').nullable().default(null),
});
export type AdminAccountBody = z.input<typeof AdminAccountBody>;

/** PATCH /api/admin/accounts/{id}/: any of the fields of the body above. */
export const AdminAccountPatchBody = z.object({
  name: DisplayName(100).optional(),
  type: AccountType.optional(),
  creditAccount: z.boolean().optional(),
  creditLimit: AdminAccountBody.shape.creditLimit.removeDefault().optional(),
  iban: Iban.optional(),
  bic: Bic.optional(),
  mandateId: AdminAccountBody.shape.mandateId.removeDefault().optional(),
  mandateSignedAt: CalendarDay.nullable().optional(),
  dateOfBirth: DateOfBirth.nullable().optional(),
  tab: z.boolean().optional(),
  tabLimit: AdminAccountBody.shape.tabLimit,
  invoiceName: AdminAccountBody.shape.invoiceName.removeDefault().optional(),
  invoiceAddress: AdminAccountBody.shape.invoiceAddress.removeDefault().optional(),
});
export type AdminAccountPatchBody = z.input<typeof AdminAccountPatchBody>;

/** SPEC 5 amount lines: not a whole number of cents is "not a valid number", zero is refused. */
const SignedAmount = z
  .number({ error: 'Please enter a valid number.' })
  .int({ error: 'Please enter a valid number.' })
  .refine((n) => n !== 0, { error: 'Please enter a non-zero amount.', abort: true })
  .refine((n) => Math.abs(n) <= ADMIN_UPGRADE_MAX, 'An amount cannot be above € 10.000,00.');

/**
 * POST /api/admin/accounts/{id}/upgrade/ (SPEC 3 "Account upgrade (admin)"): cents, method, reason, nonce. The nonce
 * is the posting's key: sent twice, also at once, it credits once. A payment method takes a positive amount; a
 * correction may be negative, needs a reason, and takes a prepaid account below zero only with `allowNegative`
 * (the page's second confirmation).
 */
export const AdminUpgradeBody = z
  .object({
    amount: SignedAmount,
    method: AdminUpgradeMethod,
    reason: z.string().trim().max(200, 'A reason has at most 200 characters.').default(''),
    nonce: z.string().min(8).max(100),
    allowNegative: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.method !== 'correction' && body.amount < 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A top-up is above € 0,00; take money off with a correction.' });
    if (body.method === 'correction' && body.reason === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why: a correction needs a reason.' });
  });
export type AdminUpgradeBody = z.input<typeof AdminUpgradeBody>;

export const AdminUpgradeResult = z.object({ accountId: ObjectId, seq: z.number().int(), amount: Cents, balanceAfter: Cents, replay: z.boolean() });
export type AdminUpgradeResult = z.infer<typeof AdminUpgradeResult>;

/** DELETE /api/admin/accounts/{id}/: what closing did with the money left on it. */
export const AdminCloseResult = z.object({ account: AdminAccount, expired: Cents });
export type AdminCloseResult = z.infer<typeof AdminCloseResult>;

/** GET /api/admin/accounts/{id}/postings/: the account's history, newest first, 15 a page. */
export const AdminPostingsQuery = PageQuery;

/** GET /api/admin/accounts/balance/?date=: the sum of the postings up to the end of that Dutch day. */
export const BalanceQuery = z.object({ date: CalendarDay });
export const BalanceAtDate = z.object({
  date: CalendarDay,
  /** Sum of the accounts above zero: money the association holds for members. */
  held: Cents,
  /** Sum of the accounts below zero, as a positive number: money credit accounts owe. */
  owed: Cents,
  /** held - owed. */
  net: Cents,
  accountsHeld: z.number().int(),
  accountsOwing: z.number().int(),
});
export type BalanceAtDate = z.infer<typeof BalanceAtDate>;

/** The kind of a ledger (a general-ledger account of the accounting export). */
export const LedgerKind = z.enum(['asset', 'liability', 'revenue', 'expense'], { error: 'Choose asset, liability, revenue or expense.' });
export type LedgerKind = z.infer<typeof LedgerKind>;

/** A ledger (SPEC 3: id and name) with its accounting code and kind; what it covers is fixed by its id. */
export const AdminLedger = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  kind: LedgerKind,
  /** What the ledger covers, in words ("Sales paid in cash"). */
  covers: z.string(),
});
export type AdminLedger = z.infer<typeof AdminLedger>;

export const LedgerIdParam = z.object({ id: z.string().regex(/^[a-z_]{2,40}$/, 'Not a valid ledger id.') });

/** PUT /api/admin/accounts/ledgers/{id}/: the ledger's fields except id and name. */
export const AdminLedgerBody = z.object({
  code: z.string().trim().max(20, 'A code has at most 20 characters.').regex(/^[A-Za-z0-9.-]*$/, 'A code has only letters, digits, dots and dashes.').transform((v) => v || null).nullable(),
  kind: LedgerKind,
});
export type AdminLedgerBody = z.input<typeof AdminLedgerBody>;

/** GET /api/admin/ledgers/{id}/transactions/count/: what the ledger covers from `start` up to and with `end`. */
export const LedgerCountQuery = z.object({ start: CalendarDay.optional(), end: CalendarDay.optional() });
export type LedgerCountQuery = z.input<typeof LedgerCountQuery>;
export const LedgerCount = z.object({ id: z.string(), count: z.number().int().min(0), start: CalendarDay.nullable(), end: CalendarDay.nullable() });
export type LedgerCount = z.infer<typeof LedgerCount>;

/** GET /internal/sales/count on checkout: completed sales, not undone, paid by these methods, between two Dutch days. */
export const SalesCountQuery = z.object({
  methods: z.string().regex(/^[a-z]+(,[a-z]+)*$/).optional(),
  start: CalendarDay.optional(),
  end: CalendarDay.optional(),
});
export type SalesCountQuery = z.input<typeof SalesCountQuery>;
export const SalesCount = z.object({ count: z.number().int().min(0) });
