import type { Connection } from 'mongoose';
import { auditLogModel } from './models/audit-log.model';

export interface AuditEntry {
  who: { userId: string | null; username: string | null };
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export async function writeAudit(db: Connection, entry: AuditEntry): Promise<void> {
  await auditLogModel(db).create({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

export const auditWho = (user: { sub: string; username: string }) => ({ userId: user.sub, username: user.username });
