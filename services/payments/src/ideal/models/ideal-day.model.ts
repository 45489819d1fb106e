import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/**
 * Every local day with online top-ups, and for a closed day (before yesterday) its payments counted in total and per
 * status. The treasurer's list pages through payments day by day: on FerretDB only equality filters use an index, so [ferretdb:equality-index]
 * "newest first" over 100,000 payments is a walk over these rows and one read of the days a page needs.
 */
const idealDaySchema = new Schema(
  {
    day: { type: String, required: true },
    /** `{ all, open, pending, paid, cancelled, expired, failed }`, or null while not counted (or a status changed). */
    counts: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false },
);
idealDaySchema.index({ day: 1 }, { unique: true });

export type IdealDayDoc = InferSchemaType<typeof idealDaySchema>;
export const idealDayModel = (db: Connection) => db.model('IdealDay', idealDaySchema);
