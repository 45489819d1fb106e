import { ApiResponse, AuditLogEntry, AuditLogQuery, ok, Paged } from '@kassa/contracts';
import { dayRange, type ServiceApp } from '@kassa/service-kit';
import { isValidObjectId, type Connection, type QueryFilter } from 'mongoose';
import { accountRequestModel } from '../../models/account-request.model';
import { accountModel } from '../../models/account.model';
import { auditLogModel, type AuditLogDoc } from '../../models/audit-log.model';
import { registerModel } from '../../../identity/models/register.model';
import { userModel } from '../../../identity/models/user.model';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The records of this service a target name is looked up in, by kind; each answers id -> name. */
const NAMED_HERE: Record<string, (db: Connection, ids: string[]) => Promise<{ _id: unknown; name?: string | null; username?: string | null }[]>> = {
  account: (db, ids) => accountModel(db).find({ _id: { $in: ids } }, { name: 1 }).lean(),
  user: (db, ids) => userModel(db).find({ _id: { $in: ids } }, { username: 1 }).lean(),
  register: (db, ids) => registerModel(db).find({ _id: { $in: ids } }, { name: 1 }).lean(),
  account_request: (db, ids) => accountRequestModel(db).find({ _id: { $in: ids } }, { name: 1 }).lean(),
};
/** Fields an entry's own before/after name its target by, for records kept elsewhere (or removed since). */
const NAME_FIELDS = ['name', 'username', 'number', 'accountName', 'displayName'] as const;

function nameInEntry(d: AuditLogDoc): string | null {
  for (const side of [d.after, d.before]) {
    if (typeof side !== 'object' || side === null) continue;
    for (const field of NAME_FIELDS) {
      const v = (side as Record<string, unknown>)[field];
      if (typeof v === 'string' && v.trim() !== '') return v;
    }
  }
  return null;
}

/** The page's targets by name: looked up where this service keeps the record now, else as the entry names it. */
async function targetNames(db: Connection, docs: AuditLogDoc[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    Object.entries(NAMED_HERE).map(async ([kind, find]) => {
      const ids = [...new Set(docs.filter((d) => d.entityType === kind && isValidObjectId(d.entityId)).map((d) => d.entityId as string))];
      if (ids.length === 0) return;
      for (const r of await find(db, ids)) {
        const name = r.name ?? r.username;
        if (name) names.set(`${kind}:${String(r._id)}`, name);
      }
    }),
  );
  return names;
}

/** The audit log, newest first, for the admin page; filters by entity, record, day, action (or its prefix) and actor. */
export default function getAuditLogs(app: ServiceApp) {
  app.get(
    '/api/admin/audit_logs',
    {
      onRequest: app.requireAdmin,
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
      const names = await targetNames(app.db, docs);
      return ok({
        items: docs.map((d) => ({
          id: String(d._id),
          at: d.at.toISOString(),
          actor: { id: d.who?.userId ?? null, username: d.who?.username ?? null },
          action: d.action,
          entity: d.entityType,
          entityId: d.entityId ?? null,
          entityName: names.get(`${d.entityType}:${d.entityId ?? ''}`) ?? nameInEntry(d),
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
