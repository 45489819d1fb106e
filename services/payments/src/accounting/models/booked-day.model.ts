import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/** A day booked in the accounting package: the unique `day` makes it one entry per day, however often it is exported. */
const bookedDaySchema = new Schema(
  {
    day: { type: String, required: true },
    entryId: { type: String, required: true },
    exportId: { type: String, required: true },
    total: { type: Number, required: true },
    lines: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
bookedDaySchema.index({ day: 1 }, { unique: true });

export type BookedDayDoc = InferSchemaType<typeof bookedDaySchema>;
export const bookedDayModel = (db: Connection) => db.model('BookedDay', bookedDaySchema);
