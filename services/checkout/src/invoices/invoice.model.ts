import { InvoiceKind, InvoiceStatus } from '@kassa/contracts';
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

const lineSchema = new Schema(
  {
    productId: { type: String, required: true },
    name: { type: String, required: true },
    unitPrice: { type: Number, required: true },
    quantity: { type: Number, required: true },
    vatRate: { type: Number, required: true },
    total: { type: Number, required: true },
  },
  { _id: false },
);
const vatSchema = new Schema({ rate: Number, net: Number, vat: Number, gross: Number }, { _id: false });
const senderSchema = new Schema({ name: String, address: String, vatNumber: String, kvkNumber: String, iban: String, email: String }, { _id: false });
const refSchema = new Schema({ id: { type: String, required: true }, number: { type: String, required: true } }, { _id: false });

/**
 * An invoice or credit note. A draft's lines are a preview (worked out again when read and when finalised); from
 * finalising on, lines, totals and sender are frozen and only `status`, `paid` and `creditNote` change.
 */
const invoiceSchema = new Schema(
  {
    kind: { type: String, enum: InvoiceKind.options, default: 'invoice' },
    status: { type: String, enum: InvoiceStatus.options, required: true },
    number: { type: String, default: null },
    accountId: { type: String, required: true },
    accountName: { type: String, required: true },
    customerName: { type: String, default: '' },
    customerAddress: { type: String, default: '' },
    /** Local days (YYYY-MM-DD), inclusive. */
    from: { type: String, required: true },
    to: { type: String, required: true },
    reference: { type: String, default: '' },
    note: { type: String, default: '' },
    lines: { type: [lineSchema], default: [] },
    vat: { type: [vatSchema], default: [] },
    total: { type: Number, default: 0 },
    salesCount: { type: Number, default: 0 },
    undoneCount: { type: Number, default: 0 },
    /** Sales up to collectedThrough left out: a direct-debit batch collects them. */
    collectedCount: { type: Number, default: 0 },
    collectedThrough: { type: String, default: null },
    sender: { type: senderSchema, default: null },
    issueDay: { type: String, default: null },
    finalised: { type: new Schema({ at: Date, by: String }, { _id: false }), default: null },
    paid: { type: new Schema({ at: Date, by: String, balanceAfter: Number }, { _id: false }), default: null },
    creditNote: { type: refSchema, default: null },
    creditOf: { type: refSchema, default: null },
  },
  { timestamps: true },
);
invoiceSchema.index({ createdAt: -1 });
invoiceSchema.index({ status: 1 });
invoiceSchema.index({ accountId: 1 });

export type InvoiceDoc = InferSchemaType<typeof invoiceSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const invoiceModel = (db: Connection) => db.model('Invoice', invoiceSchema);
