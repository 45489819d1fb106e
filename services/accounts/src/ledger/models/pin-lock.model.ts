import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

/** Wrong PIN tries per account. Exists only while there are failures, so the collection stays small. */
const pinLockSchema = new Schema(
  {
    accountId: { type: Types.ObjectId, required: true },
    failures: { type: Number, default: 0 },
    lockedUntil: { type: Date, default: null },
    /** Lock-outs in a row since the last right PIN: each lasts twice as long as the one before. */
    lockouts: { type: Number, default: 0 },
  },
  { timestamps: true },
);
pinLockSchema.index({ accountId: 1 }, { unique: true });

export type PinLockDoc = InferSchemaType<typeof pinLockSchema>;
export const pinLockModel = (db: Connection) => db.model('PinLock', pinLockSchema);
