import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/**
 * One row per number given out: `_id` is the number itself (`2026-0001`), so two invoices finalised at the same moment
 * cannot take the same one (the unique `_id` refuses the second insert, which then takes the next), and `invoiceId` is
 * unique, so one invoice never takes two. Numbers are only ever inserted, never counted up with `$inc`.
 */
const invoiceNumberSchema = new Schema(
  {
    _id: { type: String, required: true },
    year: { type: Number, required: true },
    seq: { type: Number, required: true },
    invoiceId: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
invoiceNumberSchema.index({ invoiceId: 1 }, { unique: true });
invoiceNumberSchema.index({ year: 1, seq: -1 });

export type InvoiceNumberDoc = InferSchemaType<typeof invoiceNumberSchema>;
export const invoiceNumberModel = (db: Connection) => db.model('InvoiceNumber', invoiceNumberSchema);
