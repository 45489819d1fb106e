import { Schema, type Connection, type InferSchemaType } from 'mongoose';

const categorySchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    colour: { type: String, required: true },
    position: { type: Number, default: 0 },
  },
  { timestamps: true },
);
categorySchema.index({ name: 1 }, { unique: true });

export type CategoryDoc = InferSchemaType<typeof categorySchema>;
export const categoryModel = (db: Connection) => db.model('Category', categorySchema);
