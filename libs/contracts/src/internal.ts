import { z } from 'zod';
import { Cents, ObjectId } from './wrapper';
import { TransactionStatus } from './checkout';
import { AccountType } from './accounts';

/**
 * Service-to-service routes (prefix /internal, guarded by the internal token, never routed by the gateway).
 * The ledger lives in services/accounts; every balance change goes through POST /internal/ledger/postings.
 */
export const PostingKind = z.enum(['purchase', 'topup', 'undo', 'ideal', 'direct_debit', 'correction', 'opening']);
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
  /** Allow a debit below zero on a non-credit account (admin corrections only). */
  allowNegative: z.boolean().default(false),
  description: z.string().max(200).optional(),
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

/** POST /internal/prices on the catalog: prices always come from the catalog, never from the client. */
export const PricesRequest = z.object({ ids: z.array(ObjectId).max(200) });
export const PricedProduct = z.object({ id: ObjectId, name: z.string(), price: Cents, deposit: z.boolean(), categoryId: ObjectId });
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
export const LiveTransaction = z.object({
  id: ObjectId,
  at: z.string(),
  total: Cents,
  method: z.string(),
  items: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  /** First name or initial only: a public screen shows no full names and no balances. */
  who: z.string().nullable(),
});
export type LiveTransaction = z.infer<typeof LiveTransaction>;

/** GET /internal/accounts/:id on accounts: what other services may know about an account. `balance` is the ledger head's. */
export const InternalAccount = z.object({
  id: ObjectId,
  name: z.string(),
  type: AccountType,
  creditAccount: z.boolean(),
  balance: Cents,
});
export type InternalAccount = z.infer<typeof InternalAccount>;
