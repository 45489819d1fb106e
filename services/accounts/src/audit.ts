import { isDuplicateKey } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
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
  /** Given by callers that may retry (POST /internal/audit); a new one otherwise. */
  key?: string;
  service?: string;
}

/** Stores an entry once per key; a repeated key (a retry) answers the entry stored before. */
export async function writeAudit(db: Connection, entry: AuditEntry): Promise<{ id: string; replay: boolean }> {
  const AuditLog = auditLogModel(db);
  const key = entry.key ?? randomUUID();
  try {
    const created = await AuditLog.create({
      ...entry,
      key,
      service: entry.service ?? 'accounts',
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
    return { id: String(created._id), replay: false };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const existing = await AuditLog.findOne({ key }, { _id: 1 }).lean();
    if (!existing) throw err;
    return { id: String(existing._id), replay: true };
  }
}

export const auditWho = (user: { sub: string; username: string }) => ({ userId: user.sub, username: user.username });

/** The actor of entries written by the ledger audit job. */
export const LEDGER_AUDIT_ACTOR = { userId: null, username: 'ledger-audit' } as const;
