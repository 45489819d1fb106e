import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

const productSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    /** Integer cents. */
    price: { type: Number, required: true },
    /** True when the packaging has a deposit; kept equal to `depositAmount > 0` by the admin routes. */
    deposit: { type: Boolean, default: false },
    /** The deposit (statiegeld) on one unit, integer cents; 0 for none. */
    depositAmount: { type: Number, default: 0 },
    categoryId: { type: Types.ObjectId, required: true, index: true },
    position: { type: Number, default: 0 },
    /** Hidden products stay in past sales and statistics but are not for sale. */
    active: { type: Boolean, default: true },
    /** VAT percent (21, 9 or 0), copied onto each sale line. */
    vatRate: { type: Number, default: 21 },
    /** 18+ (alcohol): the till asks to check the buyer's age when the setting ageCheck says so. */
    adultsOnly: { type: Boolean, default: false },
  },
  { timestamps: true },
);

productSchema.index({ name: 1 });

export type ProductDoc = InferSchemaType<typeof productSchema>;
export const productModel = (db: Connection) => db.model('Product', productSchema);
