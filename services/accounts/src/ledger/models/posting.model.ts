import { PostingKind } from '@kassa/contracts';
import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

/**
 * THE LEDGER: append-only, never updated or deleted. Two unique indexes carry the money rules (ARCHITECTURE.md):
 * (accountId, seq) lets exactly one posting follow a given head, `key` makes every posting idempotent.
 */
const postingSchema = new Schema(
  {
    accountId: { type: Types.ObjectId, required: true },
    seq: { type: Number, required: true },
    /** Signed cents: negative takes money off the account. */
    amount: { type: Number, required: true },
    balanceAfter: { type: Number, required: true },
    key: { type: String, required: true },
    kind: { type: String, enum: PostingKind.options, required: true },
    ref: { type: String, default: '' },
    description: { type: String, default: null },
    at: { type: Date, required: true },
    /** Dutch day (YYYY-MM-DD) of `at`, stored when written: reports group by it (no date expressions locally). */
    day: { type: String, default: null },
    /** Admin top-ups and corrections: the method, the reason and who booked it (username). */
    method: { type: String, default: null },
    reason: { type: String, default: null },
    by: { type: String, default: null },
  },
  { versionKey: false },
);
postingSchema.index({ accountId: 1, seq: 1 }, { unique: true });
postingSchema.index({ key: 1 }, { unique: true });
/** The balance at a date walks back from the heads one day at a time (equality reads: an index read on FerretDB). [ferretdb:equality-index] */
postingSchema.index({ day: 1 });

export type PostingDoc = InferSchemaType<typeof postingSchema>;
export const postingModel = (db: Connection) => db.model('Posting', postingSchema);
