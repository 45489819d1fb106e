import { ApiResponse, AuditLogEntry, AuditLogQuery, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { auditLogModel, type AuditLogDoc } from '../../models/audit-log.model';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Hour of the day in Amsterdam at a UTC moment. */
const amsterdamHour = (ms: number) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', hourCycle: 'h23' }).format(new Date(ms)));

/** Midnight of a Dutch calendar day, as a UTC moment (the offset read at that day's noon: +1 or +2 hours). */
function dutchMidnight(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const noon = Date.UTC(y, m - 1, d, 12);
  return Date.UTC(y, m - 1, d) - (amsterdamHour(noon) - 12) * 3_600_000;
}

/** The UTC range of a Dutch calendar day (23 or 25 hours on the days the clocks change). */
export function dutchDay(day: string): { start: Date; end: Date } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: new Date(dutchMidnight(day)), end: new Date(dutchMidnight(next)) };
}

/** The audit log, newest first, for the admin page; filters by entity, record, day, action (or its prefix) and actor. */
export default function getAuditLogs(app: ServiceApp) {
  app.get(
    '/api/admin/audit_logs',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Audit log: who changed what, newest first',
        querystring: AuditLogQuery,
        response: { 200: ApiResponse(Paged(AuditLogEntry)) },
      },
    },
    async (request) => {
      const { page, perPage, entity, action, actor, entityId, day } = request.query;
      const and: QueryFilter<AuditLogDoc>[] = [];
      if (entity) and.push({ entityType: entity });
      if (action) and.push({ $or: [{ action }, { action: { $regex: `^${escapeRegex(action)}\\.` } }] });
      if (actor) and.push({ $or: [{ 'who.username': actor.toLowerCase() }, { 'who.userId': actor }] });
      if (entityId) and.push({ entityId });
      if (day) {
        const { start, end } = dutchDay(day);
        and.push({ at: { $gte: start, $lt: end } });
      }
      const filter: QueryFilter<AuditLogDoc> = and.length > 0 ? { $and: and } : {};
      const AuditLog = auditLogModel(app.db);
      const [total, docs] = await Promise.all([
        AuditLog.countDocuments(filter),
        AuditLog.find(filter).sort({ at: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean(),
      ]);
      return ok({
        items: docs.map((d) => ({
          id: String(d._id),
          at: d.at.toISOString(),
          actor: { id: d.who?.userId ?? null, username: d.who?.username ?? null },
          action: d.action,
          entity: d.entityType,
          entityId: d.entityId ?? null,
          before: d.before ?? null,
          after: d.after ?? null,
          service: d.service ?? 'accounts',
        })),
        pageCount: Math.ceil(total / perPage),
        total,
      });
    },
  );
}
