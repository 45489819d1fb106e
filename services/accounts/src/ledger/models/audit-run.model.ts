import { Schema, type Connection, type InferSchemaType } from 'mongoose';

const differenceSchema = new Schema(
  {
    kind: { type: String, required: true },
    accountId: { type: String, default: null },
    accountName: { type: String, default: null },
    ref: { type: String, default: null },
    message: { type: String, required: true },
    expected: { type: Number, default: null },
    actual: { type: Number, default: null },
  },
  { _id: false },
);

/** One run of the ledger self-audit (ledger/jobs/ledger-audit.job.ts); the admin dashboard shows the latest. */
const auditRunSchema = new Schema(
  {
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date, required: true },
    trigger: { type: String, enum: ['schedule', 'command', 'admin'], required: true },
    accountsChecked: { type: Number, required: true },
    postingsChecked: { type: Number, required: true },
    purchasesChecked: { type: Number, required: true },
    purchasesSince: { type: Date, default: null },
    incomplete: { type: String, default: null },
    differenceCount: { type: Number, required: true },
    differences: { type: [differenceSchema], default: [] },
  },
  { versionKey: false },
);
auditRunSchema.index({ startedAt: -1 });

export type AuditRunDoc = InferSchemaType<typeof auditRunSchema>;
export const auditRunModel = (db: Connection) => db.model('AuditRun', auditRunSchema);
