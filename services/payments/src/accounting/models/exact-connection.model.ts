import { ExactConnectionStatus } from '@kassa/contracts';
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/**
 * The one connection to the accounting package (`_id: 'exact'`). Tokens only sealed (accounting/exact/token-box.ts); the
 * pending OAuth `state` guards the callback against a forged or replayed one.
 */
const exactConnectionSchema = new Schema(
  {
    _id: { type: String, required: true },
    status: { type: String, enum: ExactConnectionStatus.options, required: true },
    provider: { type: String, required: true },
    division: { type: String, default: null },
    divisionName: { type: String, default: null },
    accessTokenSealed: { type: String, default: null },
    refreshTokenSealed: { type: String, default: null },
    expiresAt: { type: Date, default: null },
    connectedAt: { type: Date, default: null },
    connectedBy: { type: String, default: null },
    attention: { type: String, default: null },
    pendingState: { type: String, default: null },
    pendingStateUntil: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);

export type ExactConnectionDoc = InferSchemaType<typeof exactConnectionSchema>;
export const exactConnectionModel = (db: Connection) => db.model('ExactConnection', exactConnectionSchema);
export const CONNECTION_ID = 'exact';
