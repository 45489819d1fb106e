import { Capability } from '@kassa/contracts';
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/** A till (or a kind of user) and what it may do. A user's register decides the capabilities in their token. */
const registerSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    capabilities: { type: [{ type: String, enum: Capability.options }], default: [] },
    /** The payment terminal this till uses (its friendly name at the terminal provider); null for none. */
    terminalName: { type: String, default: null },
  },
  { timestamps: true },
);
registerSchema.index({ name: 1 }, { unique: true });

export type RegisterDoc = InferSchemaType<typeof registerSchema>;
export const registerModel = (db: Connection) => db.model('Register', registerSchema);
