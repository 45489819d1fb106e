import { ExportStatus } from '@kassa/contracts';
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

/** One export the treasurer asked for: a range of days, worked through by the accounting-export job. */
const accountingExportSchema = new Schema(
  {
    start: { type: String, required: true },
    end: { type: String, required: true },
    status: { type: String, enum: ExportStatus.options, required: true },
    days: {
      type: [new Schema({ day: String, result: String, entryId: { type: String, default: null }, total: Number, lines: Number }, { _id: false })],
      default: [],
    },
    error: { type: String, default: null },
    attempts: { type: Number, default: 0 },
    requestedBy: { type: String, required: true },
    finishedAt: { type: Date, default: null },
  },
  { timestamps: true },
);
accountingExportSchema.index({ createdAt: -1 });

export type AccountingExportDoc = InferSchemaType<typeof accountingExportSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const accountingExportModel = (db: Connection) => db.model('AccountingExport', accountingExportSchema);
