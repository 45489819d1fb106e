import { TransactionStatus } from '@kassa/contracts';
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

const cardTransactionSchema = new Schema(
  {
    /** The checkout transaction this card payment is for: one card payment per sale. */
    transactionId: { type: String, required: true },
    /** Integer cents asked at the terminal. */
    amount: { type: Number, required: true },
    registerId: { type: String, default: null },
    /** The terminal's own reference, once the payment was started there. */
    terminalRef: { type: String, default: null },
    status: { type: String, enum: TransactionStatus.options, required: true },
    /** The terminal's reason for a failed payment, shown at the till as "POS failed …". */
    error: { type: String, default: null },
    terminal: { type: new Schema({ friendly_name: String, brand: String }, { _id: false }), default: null },
    /** When checkout accepted the final status; until then the worker keeps reporting it. */
    reportedAt: { type: Date, default: null },
    reportError: { type: String, default: null },
  },
  { timestamps: true },
);
cardTransactionSchema.index({ transactionId: 1 }, { unique: true });
cardTransactionSchema.index({ reportedAt: 1 });

export type CardTransactionDoc = InferSchemaType<typeof cardTransactionSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const cardTransactionModel = (db: Connection) => db.model('CardTransaction', cardTransactionSchema);
