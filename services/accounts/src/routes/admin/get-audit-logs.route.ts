import { ApiResponse, AuditLogEntry, AuditLogQuery, ok, Paged } from '@kassa/contracts';
import { dayRange, type ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { auditLogModel, type AuditLogDoc } from '../../models/audit-log.model';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
        const { start, end } = dayRange(day);
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
