import { z } from 'zod';
import { Cents, ObjectId } from './wrapper';
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
  upgrade_amount: z.number().int().min(100).max(100_000).multipleOf(100, 'Top-ups are whole euros.').optional(),
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
