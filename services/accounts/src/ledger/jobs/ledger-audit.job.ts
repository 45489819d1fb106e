import type { LedgerAuditRun } from '@kassa/contracts';
import type { InternalClient } from '@kassa/service-kit';
import type { Processor } from 'bullmq';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { recordAuditRun } from '../audit-runs';
import { runLedgerAudit, type LedgerAuditOptions } from '../ledger-audit';

export const LEDGER_AUDIT_QUEUE = 'ledger-audit';
export const LEDGER_AUDIT_SCHEDULER = 'ledger-audit-hourly';

/** Clicks on "Run audit now" while an earlier one is still queued or running join that run. */
export const LEDGER_AUDIT_ON_DEMAND = 'ledger-audit-on-demand';

export interface LedgerAuditJobData {
  trigger: 'schedule' | 'command' | 'admin';
}

export interface LedgerAuditJobResult {
  runId: string;
  differences: number;
}

export interface LedgerAuditJobDeps {
  db: Connection;
  checkout: InternalClient | null;
  /** Payments' internal client (direct-debit batches against their postings); left out when null. */
  payments?: InternalClient | null;
  log: Logger;
  /** Days of sales checked (0: all). */
  salesDays: number;
  now?: () => Date;
  graceMs?: number;
}

/** Runs the audit once, stores it as the latest run and logs new differences in the audit log. */
export async function auditLedgerOnce(deps: LedgerAuditJobDeps, trigger: LedgerAuditJobData['trigger']): Promise<LedgerAuditRun> {
  const now = deps.now ?? (() => new Date());
  const opts: LedgerAuditOptions = {
    checkout: deps.checkout,
    payments: deps.payments ?? null,
    now,
    graceMs: deps.graceMs,
    salesSince: deps.salesDays > 0 ? new Date(now().getTime() - deps.salesDays * 86_400_000) : null,
    // A balance cache a killed process left behind a sound ledger is written, not reported (ledger-audit.ts).
    repairCaches: true,
  };
  const result = await runLedgerAudit(deps.db, opts);
  const run = await recordAuditRun(deps.db, result, trigger);
  if (result.cachesBroughtForward.length > 0) {
    deps.log.warn({ accounts: result.cachesBroughtForward }, 'ledger audit brought trailing balance caches forward (a process stopped before writing them)');
  }
  const summary = {
    accounts: run.accountsChecked,
    postings: run.postingsChecked,
    purchases: run.purchasesChecked,
    differences: run.differenceCount,
    incomplete: run.incomplete,
  };
  if (run.differenceCount > 0) deps.log.error(summary, 'ledger audit found differences');
  else if (run.incomplete) deps.log.warn(summary, 'ledger audit incomplete');
  else deps.log.info(summary, 'ledger audit clean');
  return run;
}

export const ledgerAuditProcessor =
  (deps: LedgerAuditJobDeps): Processor<LedgerAuditJobData, LedgerAuditJobResult> =>
  async (job) => {
    const run = await auditLedgerOnce(deps, job.data.trigger ?? 'schedule');
    return { runId: run.id, differences: run.differenceCount };
  };
