import { CheckoutMethod } from '@kassa/contracts';
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

/**
 * A sale made on an offline till that the server refused when the till sent it. The till drops it from its queue
 * only once this record exists, so a refused sale is never lost; the bar manager sees the list in the admin.
 */
const offlineRefusalSchema = new Schema(
  {
    nonce: { type: String, required: true },
    method: { type: String, enum: CheckoutMethod.options, required: true },
    products: {
      type: [new Schema({ productId: String, name: { type: String, default: null }, price: { type: Number, default: null }, amount: Number }, { _id: false })],
      default: [],
    },
    total: { type: Number, default: null },
    accountId: { type: String, default: null },
    reason: { type: String, default: null },
    registerId: { type: String, default: null },
    userId: { type: String, required: true },
    username: { type: String, required: true },
    madeAt: { type: Date, required: true },
    receivedAt: { type: Date, required: true },
    error: { type: new Schema({ statusCode: Number, identifier: String, message: String }, { _id: false }), required: true },
  },
  { versionKey: false },
);
// One record per offline sale, however often the till sends it again.
offlineRefusalSchema.index({ nonce: 1 }, { unique: true });
offlineRefusalSchema.index({ receivedAt: -1 });

export type OfflineRefusalDoc = InferSchemaType<typeof offlineRefusalSchema> & { _id: Types.ObjectId };
export const offlineRefusalModel = (db: Connection) => db.model('OfflineRefusal', offlineRefusalSchema);
