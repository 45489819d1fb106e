import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

/** A member card: only the peppered hash of the secret the reader sends is stored. */
const cardSecretSchema = new Schema(
  {
    hash: { type: String, required: true },
    accountId: { type: Types.ObjectId, required: true },
  },
  { timestamps: true },
);
cardSecretSchema.index({ hash: 1 }, { unique: true });
cardSecretSchema.index({ accountId: 1 });

export type CardSecretDoc = InferSchemaType<typeof cardSecretSchema>;
export const cardSecretModel = (db: Connection) => db.model('CardSecret', cardSecretSchema);
