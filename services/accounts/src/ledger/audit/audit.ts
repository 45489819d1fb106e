import type { AuditEntryRequest } from '@kassa/contracts';
import { isDuplicateKey, localAuditClient, type AuditClient } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { auditLogModel } from '../models/audit-log.model';

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

/** An entry as the audit client carries it (POST /internal/audit's body) as the log stores it. */
export const auditEntryOf = (body: AuditEntryRequest, now: Date = new Date()): AuditEntry => ({
  key: body.key,
  who: { userId: body.actor.id, username: body.actor.username },
  action: body.action,
  entityType: body.entity,
  entityId: body.entityId,
  before: body.before,
  after: body.after,
  at: body.at ? new Date(body.at) : now,
  service: body.service,
});

/**
 * The audit client of accounts itself: `audited` changes keep their entry in this database's `audit_outbox` from before
 * the change until it is in the log (a crash in between is resolved by the relay with the checks of audit-checks.ts).
 */
export function accountsAuditClient(db: Connection, opts: { graceMs?: number; relayEveryMs?: number } = {}): AuditClient {
  return localAuditClient((body) => writeAudit(db, auditEntryOf(body)), { outbox: db, service: 'accounts', ...opts });
}

/** The actor of an audit entry: the signed-in user. */
export const auditActor = (user: { sub: string; username: string }) => ({ id: user.sub, username: user.username });

/** The actor of entries written by the ledger audit job. */
export const LEDGER_AUDIT_ACTOR = { userId: null, username: 'ledger-audit' } as const;
