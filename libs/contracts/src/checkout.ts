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

export const TOP_UP_STEPS = [100, 500, 1000] as const;

export const CheckoutBody = z.object({
  products: z
    .array(z.object({ id: ObjectId, amount: z.number().int().min(1).max(999) }))
    .max(200),
  account_id: ObjectId.optional(),
  pin: Pin.optional(),
  upgrade_account_id: ObjectId.optional(),
  upgrade_amount: z.number().int().min(1).max(100_000).optional(),
  reason: z.string().min(1).max(200).optional(),
  nonce: z.string().min(8).max(100),
  cardSecret: z.string().min(4).max(256).optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

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

export const TransactionLine = z.object({ productId: ObjectId, name: z.string(), price: Cents, amount: z.number().int() });
export type TransactionLine = z.infer<typeof TransactionLine>;

/** A sale as the admin transaction list shows it. `total` is the products; a top-up is in `upgrade`. */
export const TransactionView = z.object({
  id: ObjectId,
  nonce: z.string(),
  method: CheckoutMethod,
  paymentMethod: PaymentMethod,
  status: TransactionStatus,
  products: z.array(TransactionLine),
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
  /** Local (Europe/Amsterdam) day of the sale, YYYY-MM-DD. */
  day: z.string(),
});
export type TransactionView = z.infer<typeof TransactionView>;

export const AdminTransactionsQuery = PageQuery.extend({
  method: CheckoutMethod.optional(),
  /** Paying or topped-up account. */
  account: ObjectId.optional(),
  day: CalendarDay.optional(),
});
export type AdminTransactionsQuery = z.infer<typeof AdminTransactionsQuery>;
