import { z } from 'zod';
import { AuditActor } from './internal';
import { Cents, ObjectId } from './wrapper';

/**
 * Leavers paid out (issue 48 §4). A payout is asked by the member (or an admin for them), approved by two admins (four
 * eyes), put in a SEPA credit-transfer file (pain.001.001.03) and booked when the file is marked sent: the account goes
 * to € 0,00 and is closed. A donation gives the rest to the association instead (no transfer, booked with the file).
 */
export const PayoutState = z.enum(['requested', 'approved', 'in_file', 'booked', 'cancelled']);
export type PayoutState = z.infer<typeof PayoutState>;
export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  requested: 'Requested',
  approved: 'Approved',
  in_file: 'In a file',
  booked: 'Paid out',
  cancelled: 'Cancelled',
};

export const PAYOUT_MESSAGES = {
  holderRequired: 'Fill in the name of the account holder.',
  holderName: 'The IBAN must be in the name of the account holder: give the name as the bank has it.',
  nothingToPay: 'There is no balance to pay out.',
  open: 'A payout of this account is waiting already.',
} as const;

/** POST /api/account/payout and POST /api/admin/payouts/ (with accountId): a transfer to an IBAN, or a donation. */
export const PayoutRequestBody = z.discriminatedUnion('donate', [
  z.object({
    donate: z.literal(false),
    /** As typed (spaces allowed); checked with the IBAN rules of @kassa/contracts/sepa. */
    iban: z.string().max(64),
    /** The account holder's name: the IBAN must be in the member's own name. */
    holder: z.string().trim().min(1, PAYOUT_MESSAGES.holderRequired).max(70),
  }),
  z.object({ donate: z.literal(true) }),
]);
export type PayoutRequestBody = z.infer<typeof PayoutRequestBody>;

export const AdminPayoutRequestBody = z.intersection(z.object({ accountId: ObjectId }), PayoutRequestBody);
export type AdminPayoutRequestBody = z.infer<typeof AdminPayoutRequestBody>;

export const Payout = z.object({
  id: ObjectId,
  accountId: ObjectId,
  accountName: z.string(),
  donate: z.boolean(),
  /** Null for a donation. */
  iban: z.string().nullable(),
  holder: z.string().nullable(),
  state: PayoutState,
  /** The balance when it was approved (the account is frozen from then on); null before. */
  approvedAmount: Cents.nullable(),
  /** What the file pays (the balance when the file was made); null before. */
  amount: Cents.nullable(),
  /** The balance now (the account's head). */
  balance: Cents,
  requestedBy: AuditActor,
  /** Asked by the member on /account, or by an admin for them. */
  byMember: z.boolean(),
  requestedAt: z.string(),
  approvedBy: AuditActor.nullable(),
  approvedAt: z.string().nullable(),
  fileId: ObjectId.nullable(),
  bookedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Payout = z.infer<typeof Payout>;

/** GET /api/admin/payouts/?state=: newest first. */
export const PayoutsQuery = z.object({ state: PayoutState.optional() });
export const PayoutsResult = z.object({ items: z.array(Payout) });
export type PayoutsResult = z.infer<typeof PayoutsResult>;

/** GET /api/account/payout: the member's open (or last) payout, null when none was asked. */
export const MemberPayout = Payout.pick({ id: true, donate: true, iban: true, holder: true, state: true, amount: true, requestedAt: true, bookedAt: true }).nullable();
export type MemberPayout = z.infer<typeof MemberPayout>;

/** A SEPA credit-transfer file of approved payouts (and the donations booked with it). */
export const PayoutFile = z.object({
  id: ObjectId,
  msgId: z.string(),
  createdAt: z.string(),
  createdBy: AuditActor,
  /** Transfers in the file, and their sum (cents). */
  count: z.number().int().min(0),
  total: Cents,
  /** Donations booked with the file (no transfer). */
  donations: z.number().int().min(0),
  donated: Cents,
  sentAt: z.string().nullable(),
  sentBy: AuditActor.nullable(),
  payouts: z.array(Payout),
});
export type PayoutFile = z.infer<typeof PayoutFile>;
export const PayoutFilesResult = z.object({ items: z.array(PayoutFile.omit({ payouts: true })) });
export type PayoutFilesResult = z.infer<typeof PayoutFilesResult>;
