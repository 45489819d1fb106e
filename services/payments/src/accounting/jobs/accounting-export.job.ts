import type { ExportDay } from '@kassa/contracts';
import { AppError, isDuplicateKey } from '@kassa/service-kit';
import type { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { UnmappedLedgers } from '../journal';
import { daysBetween, loadJournals, type JournalClients } from '../journal-sources';
import { ExactAuthError } from '../exact/exact-provider';
import type { ExactConnections } from '../exact/exact-connection';
import type { ExactProvider } from '../exact/exact-provider';
import { accountingExportModel, type AccountingExportDoc } from '../models/accounting-export.model';
import { bookedDayModel } from '../models/booked-day.model';
import { unmappedMessage } from '@kassa/contracts';

export const ACCOUNTING_EXPORT_QUEUE = 'accounting-export';

export interface AccountingExportData {
  exportId: string;
}

/** One job per export run (a retry is a new run); the job itself is not retried: a failed export waits for "Retry". */
export async function enqueueExport(queue: Queue<AccountingExportData>, exportId: string, attempt: number): Promise<void> {
  await queue.add('export', { exportId }, { jobId: `export-${exportId}-${attempt}`, attempts: 1, removeOnComplete: { age: 3600 }, removeOnFail: { age: 7 * 24 * 3600 } });
}

export interface AccountingExportDeps extends JournalClients {
  db: Connection;
  provider: ExactProvider;
  connections: ExactConnections;
  log: Logger;
  now?: () => Date;
}

/** Why an export stopped, in words for the treasurer (no token, no stack). */
function reasonOf(err: unknown): string {
  if (err instanceof UnmappedLedgers) return unmappedMessage(err.ledgers);
  if (err instanceof ExactAuthError) return 'Exact Online refused the access and refreshing it failed: connect again, then retry.';
  if (err instanceof AppError) return err.message;
  return 'Exact Online or a Kassa service could not be reached. Retry in a moment.';
}

/**
 * Books an export's days, one journal entry per day. A day booked before (BookedDay, unique per day) is not booked
 * again; a day the provider holds but Kassa never recorded (a crash in between) is found by its reference. Any failure
 * stops the run with the export `failed` and the days done so far kept: "Retry" continues where it stopped.
 */
export function accountingExportProcessor(deps: AccountingExportDeps) {
  const now = deps.now ?? (() => new Date());
  const Export = accountingExportModel(deps.db);
  const Booked = bookedDayModel(deps.db);

  return async (job: { data: AccountingExportData }): Promise<string> => {
    const doc = (await Export.findById(job.data.exportId).lean()) as AccountingExportDoc | null;
    if (!doc || doc.status === 'done') return 'nothing';
    await Export.updateOne({ _id: doc._id }, { $set: { status: 'running', error: null } });
    const done = new Map<string, ExportDay>((doc.days as ExportDay[]).map((d) => [d.day, d]));
    const save = () => Export.updateOne({ _id: doc._id }, { $set: { days: [...done.values()].sort((a, b) => a.day.localeCompare(b.day)) } });
    try {
      const session = await deps.connections.session();
      const days = daysBetween(doc.start, doc.end).filter((d) => !done.has(d));
      const journals = await loadJournals(deps, days);
      for (const entry of journals) {
        const booked = await Booked.findOne({ day: entry.day }).lean();
        if (booked) {
          done.set(entry.day, { day: entry.day, result: 'already_booked', entryId: booked.entryId, total: booked.total, lines: booked.lines });
          await save();
          continue;
        }
        if (entry.lines.length === 0) {
          done.set(entry.day, { day: entry.day, result: 'empty', entryId: null, total: 0, lines: 0 });
          await save();
          continue;
        }
        const entryId =
          (await session.use((token) => deps.provider.findEntry(token, session.division, entry.reference))) ??
          (await session.use((token) => deps.provider.bookEntry(token, session.division, entry)));
        try {
          await Booked.create({ day: entry.day, entryId, exportId: String(doc._id), total: entry.total, lines: entry.lines.length, at: now() });
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
        done.set(entry.day, { day: entry.day, result: 'booked', entryId, total: entry.total, lines: entry.lines.length });
        await save();
        deps.log.info({ exportId: String(doc._id), day: entry.day, lines: entry.lines.length }, 'accounting day booked');
      }
      await Export.updateOne({ _id: doc._id }, { $set: { status: 'done', error: null, finishedAt: now() } });
      return 'done';
    } catch (err) {
      const reason = reasonOf(err);
      deps.log.warn({ exportId: String(doc._id), reason, kind: err instanceof Error ? err.name : typeof err }, 'accounting export failed');
      await Export.updateOne({ _id: doc._id }, { $set: { status: 'failed', error: reason, finishedAt: now() } });
      return 'failed';
    }
  };
}
