import { Schema, type Connection, type InferSchemaType } from 'mongoose';

const categorySchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    colour: { type: String, required: true },
    position: { type: Number, default: 0 },
    /** Bar Management: whether the bar menu slide shows it, and where (null: in till order after the placed ones). */
    onMenu: { type: Boolean, default: true },
    menuPosition: { type: Number, default: null },
  },
  { timestamps: true },
);
categorySchema.index({ name: 1 }, { unique: true });

export type CategoryDoc = InferSchemaType<typeof categorySchema>;
export const categoryModel = (db: Connection) => db.model('Category', categorySchema);
