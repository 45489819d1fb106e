import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/**
 * One failed sign-in, as a numbered slot of its window: `(key, window, n)` is unique, so concurrent failures each
 * claim a different slot and no more than the limit can ever be claimed (the store's updates read then write; a
 * unique index is what holds under concurrency). `key` is `user:<username>` or `address:<ip>`.
 */
const loginFailureSchema = new Schema({
  key: { type: String, required: true },
  window: { type: Number, required: true },
  n: { type: Number, required: true },
  at: { type: Date, required: true },
});
loginFailureSchema.index({ key: 1, window: 1, n: 1 }, { unique: true });
loginFailureSchema.index({ window: 1 });

export type LoginFailureDoc = InferSchemaType<typeof loginFailureSchema>;
export const loginFailureModel = (db: Connection) => db.model('LoginFailure', loginFailureSchema);
