import { PayoutState } from '@kassa/contracts';
import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

const actor = new Schema({ id: { type: String, default: null }, username: { type: String, default: null } }, { _id: false });

/**
 * A payout of an account's balance to the member's IBAN, or its donation (issue 48 §4). Its state moves by claims
 * (transition_claims: `payout:<id>:<state>`), never by a conditional update: FerretDB reads, then writes.
 * [ferretdb:no-atomic-update] `openSlot` holds the account while the payout is open (requested, approved, in a file):
 * a unique sparse index makes one open payout per account.
 */
const payoutSchema = new Schema(
  {
    accountId: { type: Types.ObjectId, required: true },
    accountName: { type: String, required: true },
    donate: { type: Boolean, required: true },
    iban: { type: String, default: null },
    holder: { type: String, default: null },
    state: { type: String, enum: PayoutState.options, required: true },
    approvedAmount: { type: Number, default: null },
    amount: { type: Number, default: null },
    requestedBy: { type: actor, required: true },
    byMember: { type: Boolean, required: true },
    requestedAt: { type: Date, required: true },
    approvedBy: { type: actor, default: null },
    approvedAt: { type: Date, default: null },
    fileId: { type: Types.ObjectId, default: null },
    bookedAt: { type: Date, default: null },
    cancelledAt: { type: Date, default: null },
    openSlot: { type: String, default: undefined },
  },
  { versionKey: false },
);
payoutSchema.index({ openSlot: 1 }, { unique: true, sparse: true });
payoutSchema.index({ accountId: 1, requestedAt: -1 });
payoutSchema.index({ state: 1 });
payoutSchema.index({ fileId: 1 });

export type PayoutDoc = InferSchemaType<typeof payoutSchema> & { _id: Types.ObjectId };
export const payoutModel = (db: Connection) => db.model('Payout', payoutSchema);
