import type { LedgerAuditDifference, LedgerAuditRun } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { LEDGER_AUDIT_ACTOR, writeAudit } from './audit/audit';
import { auditRunModel, type AuditRunDoc } from './models/audit-run.model';
import type { LedgerAuditResult } from './ledger-audit';

/** Differences kept in a run and written to the audit log per run; the count always has them all. */
const MAX_STORED_DIFFERENCES = 500;
/** Runs kept (about eight days of hourly runs); FerretDB has no TTL, so older ones are removed here. [ferretdb:no-ttl] */
const KEEP_RUNS = 200;

const identity = (d: LedgerAuditDifference) => [d.kind, d.accountId, d.ref, d.expected, d.actual].join('|');

export function auditRunView(doc: AuditRunDoc & { _id: unknown }): LedgerAuditRun {
  return {
    id: String(doc._id),
    startedAt: doc.startedAt.toISOString(),
    finishedAt: doc.finishedAt.toISOString(),
    trigger: doc.trigger,
    accountsChecked: doc.accountsChecked,
    postingsChecked: doc.postingsChecked,
    purchasesChecked: doc.purchasesChecked,
    purchasesSince: doc.purchasesSince ? doc.purchasesSince.toISOString() : null,
    incomplete: doc.incomplete ?? null,
    differenceCount: doc.differenceCount,
    differences: doc.differences.map((d) => ({
      kind: d.kind as LedgerAuditDifference['kind'],
      accountId: d.accountId ?? null,
      accountName: d.accountName ?? null,
      ref: d.ref ?? null,
      message: d.message,
      expected: d.expected ?? null,
      actual: d.actual ?? null,
    })),
  };
}

export async function latestAuditRun(db: Connection): Promise<LedgerAuditRun | null> {
  const doc = await auditRunModel(db).findOne({}).sort({ startedAt: -1, _id: -1 }).lean();
  return doc ? auditRunView(doc) : null;
}

/**
 * Stores a run as the latest and writes each difference to the audit log (action `ledger_audit.difference`) the
 * first time it is seen: a difference that stays is in every run's summary, but in the log once, not every hour.
 */
export async function recordAuditRun(db: Connection, result: LedgerAuditResult, trigger: LedgerAuditRun['trigger']): Promise<LedgerAuditRun> {
  const AuditRun = auditRunModel(db);
  const previous = await latestAuditRun(db);
  const seen = new Set((previous?.differences ?? []).map(identity));
  const kept = result.differences.slice(0, MAX_STORED_DIFFERENCES);

  const created = await AuditRun.create({
    startedAt: result.startedAt,
    finishedAt: result.finishedAt,
    trigger,
    accountsChecked: result.accountsChecked,
    postingsChecked: result.postingsChecked,
    purchasesChecked: result.purchasesChecked,
    purchasesSince: result.purchasesSince,
    incomplete: result.incomplete,
    differenceCount: result.differences.length,
    differences: kept,
  });

  for (const d of kept) {
    if (seen.has(identity(d))) continue;
    await writeAudit(db, {
      who: LEDGER_AUDIT_ACTOR,
      action: 'ledger_audit.difference',
      entityType: d.accountId ? 'account' : 'transaction',
      entityId: d.accountId ?? d.ref,
      before: null,
      after: d,
      at: result.finishedAt,
    });
  }

  const old = await AuditRun.find({}, { _id: 1 }).sort({ startedAt: -1, _id: -1 }).skip(KEEP_RUNS).lean();
  if (old.length > 0) await AuditRun.deleteMany({ _id: { $in: old.map((r) => r._id) } });
  return auditRunView(created.toObject());
}
