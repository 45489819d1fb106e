import { Schema, type Connection, type InferSchemaType } from 'mongoose';

const reasonSchema = new Schema({ name: { type: String, required: true, trim: true }, position: { type: Number, default: 0 } }, { timestamps: true });
reasonSchema.index({ name: 1 }, { unique: true });

export type ReasonDoc = InferSchemaType<typeof reasonSchema>;
export const reasonModel = (db: Connection) => db.model('Reason', reasonSchema);
