import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

const actor = new Schema({ id: { type: String, default: null }, username: { type: String, default: null } }, { _id: false });

/**
 * A SEPA credit-transfer file of approved payouts (pain.001.001.03), stored as written so every download is the same
 * bytes, with the donations booked when it is marked sent. Marking it sent is claimed once
 * (`payout_file:<id>:made`), then each payout is booked by its key.
 */
const payoutFileSchema = new Schema(
  {
    msgId: { type: String, required: true },
    executionDate: { type: String, required: true },
    xml: { type: String, default: null },
    sha256: { type: String, default: null },
    payoutIds: { type: [Types.ObjectId], required: true },
    count: { type: Number, required: true },
    total: { type: Number, required: true },
    donations: { type: Number, required: true },
    donated: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    createdBy: { type: actor, required: true },
    sentAt: { type: Date, default: null },
    sentBy: { type: actor, default: null },
  },
  { versionKey: false },
);
payoutFileSchema.index({ createdAt: -1 });

export type PayoutFileDoc = InferSchemaType<typeof payoutFileSchema> & { _id: Types.ObjectId };
export const payoutFileModel = (db: Connection) => db.model('PayoutFile', payoutFileSchema);
