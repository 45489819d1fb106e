import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/**
 * Every local day with sales, and for a closed day (before yesterday) its sales counted in total and per checkout
 * method. The admin list pages through sales day by day: on FerretDB only equality filters use an index, so [ferretdb:equality-index]
 * "newest first" over 100,000 sales is a walk over these rows and one read of the days a page needs.
 */
const saleDaySchema = new Schema(
  {
    day: { type: String, required: true },
    /** `{ all, cash, card, account, self, other }`, or null while not counted (today, yesterday, or not yet). */
    counts: { type: Schema.Types.Mixed, default: null },
  },
  { versionKey: false },
);
saleDaySchema.index({ day: 1 }, { unique: true });

export type SaleDayDoc = InferSchemaType<typeof saleDaySchema>;
export const saleDayModel = (db: Connection) => db.model('SaleDay', saleDaySchema);
