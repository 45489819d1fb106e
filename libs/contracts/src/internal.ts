import { z } from 'zod';
import { Cents, ObjectId } from './wrapper';
import { CalendarDay } from './text';
import { TransactionStatus } from './checkout';
import { AccountType } from './accounts';
import { AgeCheck } from './catalog';

/**
 * Service-to-service routes (prefix /internal, guarded by the internal token, never routed by the gateway).
 * The ledger lives in services/accounts; every balance change goes through POST /internal/ledger/postings.
 */
export const PostingKind = z.enum(['purchase', 'topup', 'undo', 'ideal', 'direct_debit', 'correction', 'opening', 'expiry', 'payout', 'donation', 'fine']);
export type PostingKind = z.infer<typeof PostingKind>;

export const PostingTarget = z.union([
  z.object({ accountId: ObjectId }),
  z.object({ userId: ObjectId }),
  z.object({ cardSecret: z.string().min(4).max(256) }),
]);
export type PostingTarget = z.infer<typeof PostingTarget>;

/** POST /internal/ledger/postings: one idempotent posting. `amount` is signed: negative takes money off the account. */
export const PostingRequest = z.object({
  target: PostingTarget,
  amount: z.number().int(),
  key: z.string().min(1).max(200),
  kind: PostingKind,
  ref: z.string().max(200),
  /** When set, the PIN must match the account's (wrong PINs count towards the lock-out). */
  pin: z.string().optional(),
  checkPin: z.boolean().default(false),
  /** The register the PIN was typed on: its wrong PINs across accounts are limited too (PIN_REGISTER_LIMIT). */
  registerId: z.string().max(100).nullable().optional(),
  /** Allow a debit below zero on a non-credit account (admin corrections only). */
  allowNegative: z.boolean().default(false),
  description: z.string().max(200).optional(),
  /** The sale holds an 18+ product (setting ageCheck 'account'): the account's date of birth must show 18 on this day. */
  adultOn: CalendarDay.optional(),
});
export type PostingRequest = z.infer<typeof PostingRequest>;

export const PostingResult = z.object({
  accountId: ObjectId,
  accountName: z.string(),
  seq: z.number().int(),
  amount: Cents,
  balanceAfter: Cents,
  key: z.string(),
  /** True when the key had been posted before and this answer repeats it. */
  replay: z.boolean(),
});
export type PostingResult = z.infer<typeof PostingResult>;

/**
 * GET /internal/ledger/postings?key= on accounts: the posting made under a key, if any (nothing is posted). Checkout
 * asks it for a sale whose posting may have gone through while its own record was never finished (stranded-sales.ts).
 */
export const PostingLookupQuery = z.object({ key: z.string().min(1).max(200) });
export const PostingLookupResult = z.object({ posting: PostingResult.nullable() });
export type PostingLookupResult = z.infer<typeof PostingLookupResult>;

/** POST /internal/prices on the catalog: prices always come from the catalog, never from the client. */
export const PricesRequest = z.object({ ids: z.array(ObjectId).max(200) });
/** A product as a sale records it: what it cost, where it belongs and at which VAT rate (percent), at the moment of sale. */
export const PricedProduct = z.object({ id: ObjectId, name: z.string(), price: Cents, deposit: z.boolean(), depositAmount: Cents.default(0), categoryId: ObjectId, vatRate: z.number().int().min(0).max(100), adultsOnly: z.boolean().default(false) });
export type PricedProduct = z.infer<typeof PricedProduct>;
export const PricesResult = z.object({ products: z.array(PricedProduct) });
export type PricesResult = z.infer<typeof PricesResult>;

/** POST /internal/terminal/transactions on payments: start a card payment for a checkout transaction. */
export const StartTerminalRequest = z.object({ transactionId: ObjectId, amount: Cents, registerId: z.string().nullable() });
export const StartTerminalResult = z.object({
  terminal: z.object({ friendly_name: z.string(), brand: z.string() }),
  status: TransactionStatus,
});
export type StartTerminalResult = z.infer<typeof StartTerminalResult>;

/** POST /internal/transactions/:id/card-outcome on checkout: the payments worker reports a terminal's final state. */
export const CardOutcomeRequest = z.object({ status: TransactionStatus, error: z.string().nullable().default(null) });
export type CardOutcomeRequest = z.infer<typeof CardOutcomeRequest>;

/** Redis pub/sub channel (after the queue prefix) on which checkout announces sales for the live slide. */
export const LIVE_TRANSACTIONS_CHANNEL = 'live:transactions';
/** How many of the last sales checkout keeps (in `<channel>:recent`, newest first) for a slide that opens now. */
export const LIVE_RECENT_SALES = 20;
export const LiveTransaction = z.object({
  /** The announcement's own id (for de-duplication), never the sale's: a sale id lets a till ask for the sale. */
  id: z.uuid(),
  at: z.string(),
  total: Cents,
  method: z.string(),
  items: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  /** First name or initial only: a public screen shows no full names and no balances. */
  who: z.string().nullable(),
});
export type LiveTransaction = z.infer<typeof LiveTransaction>;

/** On the live feed after a sale is undone: `undoes` is the announcement id of the sale, which the slide marks undone. */
export const LiveUndo = z.object({ id: z.uuid(), at: z.string(), undoes: z.uuid() });
export type LiveUndo = z.infer<typeof LiveUndo>;

/** What the live feed carries: a completed sale, or the undo of one. */
export const LiveMessage = z.union([LiveUndo, LiveTransaction]);
export type LiveMessage = z.infer<typeof LiveMessage>;

/** GET /internal/settings/public-screen on accounts: what public screens may show (checkout asks before announcing). */
export const PublicScreenSettings = z.object({ showNames: z.boolean() });
export type PublicScreenSettings = z.infer<typeof PublicScreenSettings>;

/** GET /internal/settings/sales on accounts: the settings checkout applies to a sale and a shift (admin settings). */
export const SalesSettings = z.object({ ageCheck: AgeCheck, cashWithoutShift: z.boolean(), shiftNoteAbove: Cents });
export type SalesSettings = z.infer<typeof SalesSettings>;

/** GET /internal/accounts/:id on accounts: what other services may know about an account. `balance` is the ledger head's. */
/** GET /internal/registers/{id}: a register's name, for a shift's report. */
export const InternalRegister = z.object({ id: ObjectId, name: z.string() });
export type InternalRegister = z.infer<typeof InternalRegister>;

export const InternalAccount = z.object({
  id: ObjectId,
  name: z.string(),
  type: AccountType,
  creditAccount: z.boolean(),
  balance: Cents,
  /** A tab: invoiced (to `invoiceName` at `invoiceAddress`), never collected by direct debit. */
  tab: z.boolean().optional(),
  invoiceName: z.string().nullable().optional(),
  invoiceAddress: z.string().nullable().optional(),
});
export type InternalAccount = z.infer<typeof InternalAccount>;

/** Who did it: a user (id and username), or a system job (id null, username naming the job). */
export const AuditActor = z.object({ id: z.string().max(100).nullable(), username: z.string().max(100).nullable() });
export type AuditActor = z.infer<typeof AuditActor>;

/**
 * POST /internal/audit on accounts: one audit-log entry for an admin mutation made in another service
 * (ARCHITECTURE.md: who, what, before, after). `key` makes a retried call store the entry once.
 */
export const AuditEntryRequest = z.object({
  key: z.string().min(8).max(100).optional(),
  actor: AuditActor,
  action: z.string().min(1).max(100),
  entity: z.string().min(1).max(100),
  entityId: z.string().max(100).nullable(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  at: z.iso.datetime({ offset: true }).optional(),
  /** The service the mutation happened in. */
  service: z.string().min(1).max(50).optional(),
});
export type AuditEntryRequest = z.infer<typeof AuditEntryRequest>;
export const AuditEntryResult = z.object({ id: ObjectId, replay: z.boolean() });
export type AuditEntryResult = z.infer<typeof AuditEntryResult>;

/** GET /internal/transactions/account-sales on checkout: the sales the ledger audit checks against postings. */
export const AccountSalesQuery = z.object({
  /** Only sales made at or after this moment; all sales when left out. */
  since: z.iso.datetime({ offset: true }).optional(),
});
export type AccountSalesQuery = z.infer<typeof AccountSalesQuery>;

/** A sale that moved (or should have moved) money on an account: paid from one, or with a top-up bought with it. */
export const AccountSale = z.object({
  id: ObjectId,
  nonce: z.string(),
  method: z.string(),
  /** The paying account (account and self sales), null when the sale never got that far. */
  accountId: ObjectId.nullable(),
  /** Products in cents; an account sale's posting `checkout:<nonce>` is -total. */
  total: Cents,
  status: TransactionStatus,
  undone: z.boolean(),
  topup: z.object({ accountId: ObjectId, amount: Cents, posted: z.boolean() }).nullable(),
  createdAt: z.string(),
});
export type AccountSale = z.infer<typeof AccountSale>;
export const AccountSalesResult = z.object({ sales: z.array(AccountSale) });
export type AccountSalesResult = z.infer<typeof AccountSalesResult>;

/** The header the gateway sets to the client's address (replacing any value a client sent) for the services' limits. */
export const CLIENT_ADDRESS_HEADER = 'x-kassa-client-address';
/**
 * Set on a 503 a service gives while it stops, before doing anything with the request: whoever sent it (the gateway,
 * another service) may send it to another replica, whatever its method.
 */
export const UNHANDLED_HEADER = 'x-kassa-unhandled';


/** The system accounts other services book to; never listed at the till, in debtors, batches or demo counts. */
export const SystemAccountKey = z.enum(['cash_differences']);
export type SystemAccountKey = z.infer<typeof SystemAccountKey>;
export const SYSTEM_ACCOUNT_NAMES: Record<SystemAccountKey, string> = { cash_differences: 'Cash differences' };
/** POST /internal/accounts/system/:key on accounts: the system account, made the first time it is asked for. */
export const SystemAccountResult = z.object({ id: ObjectId, name: z.string() });
export type SystemAccountResult = z.infer<typeof SystemAccountResult>;
