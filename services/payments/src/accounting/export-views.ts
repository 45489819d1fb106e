import type { AccountingExport, ExportDay, ExportStatus } from '@kassa/contracts';
import type { AccountingExportDoc } from './models/accounting-export.model';

export const exportView = (doc: AccountingExportDoc): AccountingExport => ({
  id: String(doc._id),
  start: doc.start,
  end: doc.end,
  status: doc.status as ExportStatus,
  days: (doc.days as ExportDay[]).map((d) => ({ day: d.day, result: d.result, entryId: d.entryId ?? null, total: d.total, lines: d.lines })),
  error: doc.error ?? null,
  attempts: doc.attempts ?? 0,
  requestedBy: doc.requestedBy,
  createdAt: doc.createdAt.toISOString(),
  finishedAt: doc.finishedAt ? doc.finishedAt.toISOString() : null,
});

export const actorOf = (user: { sub: string; username: string }) => ({ id: user.sub, username: user.username });
