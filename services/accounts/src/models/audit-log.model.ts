import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/** Who changed what: admin mutations and security-relevant changes (PINs, cards). Never holds secrets or hashes. */
const auditLogSchema = new Schema(
  {
    who: { userId: { type: String, default: null }, username: { type: String, default: null } },
    action: { type: String, required: true },
    entityType: { type: String, required: true },
    entityId: { type: String, default: null },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
auditLogSchema.index({ at: -1 });

export type AuditLogDoc = InferSchemaType<typeof auditLogSchema>;
export const auditLogModel = (db: Connection) => db.model('AuditLog', auditLogSchema);
