import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/**
 * What all accounts held at the end of a closed local day (before yesterday), kept once worked out: the ledger is
 * append-only and stamps each posting with the moment it is written, so a closed day's balance never changes. The row
 * with `start: true` is the day before the first posting: every earlier day held nothing.
 */
const balanceDaySchema = new Schema(
  {
    day: { type: String, required: true },
    held: { type: Number, required: true },
    owed: { type: Number, required: true },
    accountsHeld: { type: Number, required: true },
    accountsOwing: { type: Number, required: true },
    start: { type: Boolean, default: false },
  },
  { versionKey: false },
);
balanceDaySchema.index({ day: 1 }, { unique: true });

export type BalanceDayDoc = InferSchemaType<typeof balanceDaySchema>;
export const balanceDayModel = (db: Connection) => db.model('BalanceDay', balanceDaySchema);
