import { IdealPaymentStatus } from '@kassa/contracts';
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

/** A member's online top-up. The money moves only in the accounts ledger (posting key `ideal:<_id>`). */
const idealPaymentSchema = new Schema(
  {
    userId: { type: String, required: true },
    username: { type: String, required: true },
    /** The account credited, fixed when the payment is made (a later change of the user's account does not move it). */
    accountId: { type: String, required: true },
    accountName: { type: String, required: true },
    amount: { type: Number, required: true },
    provider: { type: String, required: true },
    providerId: { type: String, default: null },
    checkoutUrl: { type: String, default: null },
    status: { type: String, enum: IdealPaymentStatus.options, required: true },
    paidAt: { type: Date, default: null },
    /** When the ledger took the posting; set once, however often the callback arrives. */
    creditedAt: { type: Date, default: null },
    /** Why a payment could not be made or credited, for the treasurer. */
    error: { type: String, default: null },
    /** The local day it was made (Europe/Amsterdam): the treasurer's list pages through payments day by day. */
    day: { type: String, default: null },
  },
  { timestamps: true },
);
idealPaymentSchema.index({ providerId: 1 });
idealPaymentSchema.index({ createdAt: -1 });
idealPaymentSchema.index({ day: 1 });
idealPaymentSchema.index({ status: 1, creditedAt: 1 });
// The treasurer's list filtered by account (GET /api/admin/ideal/?account=).
idealPaymentSchema.index({ accountId: 1, createdAt: -1 });

export type IdealPaymentDoc = InferSchemaType<typeof idealPaymentSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const idealPaymentModel = (db: Connection) => db.model('IdealPayment', idealPaymentSchema);
