import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

/**
 * POS Wrapped as the job worked it out (ledger/jobs/pos-wrapped.job.ts): the bar's year and each member account's year,
 * replaced whole at every run. Members read only their own account's row.
 */
const wrappedYearSchema = new Schema(
  {
    year: { type: Number, required: true },
    computedAt: { type: Date, required: true },
    bar: { type: Schema.Types.Mixed, required: true },
  },
  { versionKey: false },
);
wrappedYearSchema.index({ year: 1 }, { unique: true });

const wrappedAccountSchema = new Schema(
  {
    accountId: { type: Types.ObjectId, required: true },
    year: { type: Number, required: true },
    mine: { type: Schema.Types.Mixed, required: true },
  },
  { versionKey: false },
);
wrappedAccountSchema.index({ accountId: 1, year: 1 }, { unique: true });

export type WrappedYearDoc = InferSchemaType<typeof wrappedYearSchema>;
export type WrappedAccountDoc = InferSchemaType<typeof wrappedAccountSchema>;
export const wrappedYearModel = (db: Connection) => db.model('WrappedYear', wrappedYearSchema);
export const wrappedAccountModel = (db: Connection) => db.model('WrappedAccount', wrappedAccountSchema);
