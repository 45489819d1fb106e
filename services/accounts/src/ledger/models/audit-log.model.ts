import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/** Who changed what: admin mutations and security-relevant changes (PINs, cards). Never holds secrets or hashes. */
const auditLogSchema = new Schema(
  {
    /** Idempotency key: a retried POST /internal/audit stores its entry once. */
    key: { type: String, default: undefined },
    who: { userId: { type: String, default: null }, username: { type: String, default: null } },
    action: { type: String, required: true },
    entityType: { type: String, required: true },
    entityId: { type: String, default: null },
    before: { type: Schema.Types.Mixed, default: null },
    after: { type: Schema.Types.Mixed, default: null },
    at: { type: Date, required: true },
    /** The service the change was made in. */
    service: { type: String, default: 'accounts' },
  },
  { versionKey: false },
);
auditLogSchema.index({ at: -1 });
// A record's history (every admin page links to it) is an equality read, which the local database serves by index.
auditLogSchema.index({ entityId: 1, at: -1 });
// Sparse: entries written before keys existed have none (a missing field is also ignored by FerretDB's unique index). [ferretdb:unique-missing-field]
auditLogSchema.index({ key: 1 }, { unique: true, sparse: true });

export type AuditLogDoc = InferSchemaType<typeof auditLogSchema>;
export const auditLogModel = (db: Connection) => db.model('AuditLog', auditLogSchema);
