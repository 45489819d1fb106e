import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

/**
 * A member's request for an account (/setup), decided by the board. `openFor` holds the user id while the request is
 * pending and is removed on a decision: its unique index allows one pending request per user, also when two arrive
 * at once (FerretDB ignores documents without the field in a unique index, MongoDB because the index is sparse). [ferretdb:unique-missing-field]
 */
const accountRequestSchema = new Schema(
  {
    userId: { type: Types.ObjectId, required: true },
    username: { type: String, required: true },
    name: { type: String, required: true },
    creditAccount: { type: Boolean, required: true },
    iban: { type: String, default: null },
    bic: { type: String, default: null },
    /** The PIN the member chose, hashed like an account's; copied onto the account on approval. */
    pinHash: { type: String, required: true },
    pinSalt: { type: String, required: true },
    status: { type: String, enum: ['pending', 'approved', 'rejected'], default: 'pending' },
    openFor: { type: String, default: undefined },
    note: { type: String, default: null },
    decidedAt: { type: Date, default: null },
    decidedBy: { type: String, default: null },
    accountId: { type: Types.ObjectId, default: null },
  },
  { timestamps: true },
);
accountRequestSchema.index({ openFor: 1 }, { unique: true, sparse: true });
accountRequestSchema.index({ userId: 1 });
accountRequestSchema.index({ status: 1, createdAt: -1 });

/**
 * The board's decision on a request, one per request (unique `requestId`): FerretDB updates are not atomic, so the [ferretdb:no-atomic-update]
 * first decision stored wins and an approval racing a rejection cannot both happen.
 */
const accountRequestDecisionSchema = new Schema(
  {
    requestId: { type: Types.ObjectId, required: true },
    status: { type: String, enum: ['approved', 'rejected'], required: true },
    note: { type: String, default: null },
    by: { userId: { type: String, default: null }, username: { type: String, default: null } },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
accountRequestDecisionSchema.index({ requestId: 1 }, { unique: true });

export type AccountRequestDoc = InferSchemaType<typeof accountRequestSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const accountRequestModel = (db: Connection) => db.model('AccountRequest', accountRequestSchema);
export const accountRequestDecisionModel = (db: Connection) => db.model('AccountRequestDecision', accountRequestDecisionSchema);
