import { z } from 'zod';
import { CalendarDay } from './text';
import { Cents, ObjectId, PageQuery } from './wrapper';
import { Pin } from './accounts';

export const TransactionStatus = z.enum(['initializing', 'pending', 'completed', 'expired', 'deleted', 'cancelled']);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const PaymentMethod = z.enum([
  'card_payment',
  'card_admin_payment',
  'cash_payment',
  'sepa_payment',
  'ideal_payment',
  'account_payment',
  'transfer_payment',
  'other_payment',
  'other_admin_payment',
]);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** The `{method}` of POST /api/checkout/{method}/. */
export const CheckoutMethod = z.enum(['cash', 'card', 'account', 'self', 'other']);
export type CheckoutMethod = z.infer<typeof CheckoutMethod>;
/** The checkout methods as the admin pages name them. */
export const CHECKOUT_METHOD_LABELS: Record<CheckoutMethod, string> = { cash: 'Cash', card: 'Card', account: 'Account', self: 'Own account', other: 'Other' };

export const CheckoutBody = z.object({
  products: z
    .array(z.object({ id: ObjectId, amount: z.number().int().min(1).max(999) }))
    .max(200),
  /**
   * Deposit returns (DEPOSIT_RETURN): empty packaging brought back, per product with a deposit; each pays back the
   * product's deposit amount times `amount` (a negative, deposit-only line). Paid out in cash or credited to an account.
   */
  returns: z
    .array(z.object({ id: ObjectId, amount: z.number().int().min(1).max(999) }))
    .max(50)
    .optional(),
  account_id: ObjectId.optional(),
  pin: Pin.optional(),
  upgrade_account_id: ObjectId.optional(),
  upgrade_amount: z.number().int().min(1).max(100_000).optional(),
  reason: z.string().min(1).max(200).optional(),
  nonce: z.string().min(8).max(100),
  cardSecret: z.string().min(4).max(256).optional(),
  /**
   * When a sale made while the till was offline was made (ISO 8601 with offset). Only an offline till's replay sends
   * it; the sale then keeps this time and its day, and the server records when it arrived (OFFLINE_REPLAY rules).
   */
  madeAt: z.iso.datetime({ offset: true }).optional(),
  /**
   * What the till showed and asked for (products plus a top-up, cents). A new sale whose catalogue prices add up to
   * another amount is refused with 409 price_changed, so the amount booked is always the amount the customer was asked.
   */
  expectedTotal: z.number().int().min(-10_000_000).max(10_000_000).optional(),
  /** Staff confirmed the buyer is 18 or older (an order with an 18+ product, when the setting ageCheck is 'ask'). */
  ageConfirmed: z.boolean().optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/**
 * The window a replayed offline sale's `madeAt` must fall in: not after the server's clock (plus a little skew for a
 * tablet's clock), not older than the maximum age. Older sales are refused (and listed for the bar manager).
 */
export const OFFLINE_REPLAY = { maxAgeDays: 7, clockSkewMs: 5 * 60_000 } as const;

export const Terminal = z.object({ friendly_name: z.string(), brand: z.string() });
export type Terminal = z.infer<typeof Terminal>;

export const PurchaseResult = z.object({
  transaction_id: ObjectId,
  terminal: Terminal.nullable(),
  balance_after: Cents.nullable(),
  accountName: z.string().nullable(),
  total: Cents,
  status: TransactionStatus,
});
export type PurchaseResult = z.infer<typeof PurchaseResult>;

export const CardStatusResult = z.object({
  status: TransactionStatus,
  transaction_id: ObjectId,
  price: Cents,
  terminal: Terminal.nullable(),
  failed: z.boolean(),
  error: z.string().nullable(),
});
export type CardStatusResult = z.infer<typeof CardStatusResult>;

/** Answer of POST /api/transactions/{id}/undo/ and DELETE /api/admin/transactions/{id}/: the same however often it is asked. */
/**
 * POST /api/transactions/{id}/undo/: no body, except for a card sale, whose money goes back at the terminal: the staff
 * member refunds it there first and confirms that here (the terminals Kassa knows have no refund call of their own).
 */
export const UndoBody = z.object({ refundConfirmed: z.boolean().optional() }).nullish();
export type UndoBody = z.infer<typeof UndoBody>;

export const UndoResult = z.object({
  transaction_id: ObjectId,
  undone: z.object({ at: z.string(), by: z.string() }),
  /** Balance of the paying account after the money went back (null for cash and other sales). */
  balance_after: Cents.nullable(),
  accountName: z.string().nullable(),
});
export type UndoResult = z.infer<typeof UndoResult>;

/** How many of its last sales the till lists (GET /api/transactions/recent/): the ones still within the undo window. */
export const RECENT_SALES_LIMIT = 10;

/**
 * One of the till's recent sales (GET /api/transactions/recent/): what it was, what it cost, who paid, and whether and
 * until when the till may still undo it. A sale made offline counts its undo window from when the server got it.
 */
export const RecentSale = z.object({
  transaction_id: ObjectId,
  method: CheckoutMethod,
  /** What the customer paid: the products plus a top-up, cents. */
  amount: Cents,
  /** The paying account, or the topped-up one (null for a cash, card or other sale without a top-up). */
  accountName: z.string().nullable(),
  /** The top-up in `amount` (cents), null without one. */
  topUp: Cents.nullable(),
  /** Other ("Anders voldaan"): its reason. */
  reason: z.string().nullable(),
  products: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  /** When the sale was made (for a sale made offline: on the till). */
  createdAt: z.string(),
  /** When a sale made offline reached the server; null otherwise. */
  receivedAt: z.string().nullable(),
  /** Until when the till may undo it (ISO); after that only an administrator can. */
  undoableUntil: z.string(),
  undone: z.object({ at: z.string(), by: z.string() }).nullable(),
});
export type RecentSale = z.infer<typeof RecentSale>;

/** GET /api/transactions/recent/: this till's last finished sales within the undo window, newest first. */
export const RecentSales = z.object({
  sales: z.array(RecentSale),
  /** The server's undo window (UNDO_WINDOW_MS). */
  undoWindowMs: z.number().int(),
});
export type RecentSales = z.infer<typeof RecentSales>;


/** `deposit`: the deposit charged on each unit on top of `price` (cents, 0 for none). */
export const TransactionLine = z.object({ productId: ObjectId, name: z.string(), price: Cents, amount: z.number().int(), deposit: Cents });
/** A deposit return: `amount` units of packaging brought back, each paying back `deposit` cents. */
export const DepositReturnLine = z.object({ productId: ObjectId, name: z.string(), deposit: Cents, amount: z.number().int() });
export type DepositReturnLine = z.infer<typeof DepositReturnLine>;
export type TransactionLine = z.infer<typeof TransactionLine>;

/** A sale as the admin transaction list shows it. `total` is the products; a top-up is in `upgrade`. */
export const TransactionView = z.object({
  id: ObjectId,
  nonce: z.string(),
  method: CheckoutMethod,
  paymentMethod: PaymentMethod,
  status: TransactionStatus,
  products: z.array(TransactionLine),
  /** Deposits paid back in this sale (their sum is taken off `total`). */
  returns: z.array(DepositReturnLine),
  total: Cents,
  accountId: ObjectId.nullable(),
  accountName: z.string().nullable(),
  upgrade: z.object({ accountId: ObjectId, accountName: z.string().nullable(), amount: Cents }).nullable(),
  reason: z.string().nullable(),
  registerId: z.string().nullable(),
  userId: z.string(),
  username: z.string(),
  terminal: Terminal.nullable(),
  error: z.string().nullable(),
  undone: z.object({ at: z.string(), by: z.string(), note: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  /** When a sale made offline reached the server (createdAt is when it was made); null for sales made online. */
  receivedAt: z.string().nullable().optional(),
  /** Local (Europe/Amsterdam) day the sale is booked on, YYYY-MM-DD: the day it arrived. */
  day: z.string(),
  /** A late sale (made on an earlier day than it arrived, e.g. offline): the day it was made; null otherwise. */
  madeDay: z.string().nullable().optional(),
});
export type TransactionView = z.infer<typeof TransactionView>;

export const AdminTransactionsQuery = PageQuery.extend({
  method: CheckoutMethod.optional(),
  /** Paying or topped-up account. */
  account: ObjectId.optional(),
  day: CalendarDay.optional(),
  /** Only late sales: made on an earlier day than the one they are booked on. */
  late: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
});
export type AdminTransactionsQuery = z.infer<typeof AdminTransactionsQuery>;

/**
 * A sale made while the till was offline that the server refused when the till sent it (not enough money, account
 * closed, too old, …). Kept for the bar manager: GET /api/admin/transactions/offline_refusals/.
 */
export const OfflineRefusalView = z.object({
  id: ObjectId,
  nonce: z.string(),
  method: CheckoutMethod,
  /** Priced lines when the sale got as far as pricing (names known), else the ids and amounts the till sent. */
  products: z.array(z.object({ productId: z.string(), name: z.string().nullable(), price: Cents.nullable(), amount: z.number().int() })),
  total: Cents.nullable(),
  accountId: z.string().nullable(),
  reason: z.string().nullable(),
  registerId: z.string().nullable(),
  /** Who sold it: the till's user. */
  userId: z.string(),
  username: z.string(),
  madeAt: z.string(),
  receivedAt: z.string(),
  error: z.object({ statusCode: z.number().int(), identifier: z.string(), message: z.string() }),
});
export type OfflineRefusalView = z.infer<typeof OfflineRefusalView>;
export const OfflineRefusalsQuery = PageQuery;
export type OfflineRefusalsQuery = z.infer<typeof OfflineRefusalsQuery>;
