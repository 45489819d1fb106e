import type { AuditLogEntry } from '@kassa/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../../models/account.model';
import { auditLogModel } from '../../models/audit-log.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

describe('the audit log', () => {
  let app: AccountsTestApp;
  let admin: string;
  const list = async (query = '', token = admin) => app.inject({ method: 'GET', url: `/api/admin/audit_logs?${query}`, headers: bearer(token) });
  const items = async (query: string) => (await list(query)).json().result.items as AuditLogEntry[];
  const entry = (over: object = {}) => ({
    key: randomUUID(),
    actor: { id: '64b7f0c2a1b2c3d4e5f60718', username: 'penningmeester' },
    action: 'transaction.undo',
    entity: 'transaction',
    entityId: '64b7f0c2a1b2c3d4e5f60799',
    before: { undone: null, total: 350 },
    after: { undone: { by: 'penningmeester' } },
    service: 'checkout',
    ...over,
  });

  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    admin = await loginAs(app, 'admin');
    const at = (minute: number) => `2026-03-10T20:${String(minute).padStart(2, '0')}:00.000Z`;
    for (const [i, over] of [
      { action: 'product.update', entity: 'product', actor: { id: 'u1', username: 'bestuur' }, at: at(1) },
      { action: 'transaction.undo', entity: 'transaction', at: at(2) },
      { action: 'account.pin.set', entity: 'account', actor: { id: 'u2', username: 'jan' }, service: 'accounts', at: at(3) },
      { action: 'transaction.undo', entity: 'transaction', at: at(4) },
    ].entries()) {
      const res = await internalPost(app, '/internal/audit', entry({ ...over, entityId: `entity-${i}` }));
      expect(res.statusCode).toBe(200);
    }
  });
  afterAll(async () => stopAccountsTestApp(app));

  it('stores an entry from another service once, also when the call is retried with its key', async () => {
    const body = entry({ entityId: 'retried', at: '2026-03-10T19:00:00.000Z' });
    const first = await internalPost(app, '/internal/audit', body);
    const retry = await internalPost(app, '/internal/audit', body);
    expect(first.json().result).toEqual({ id: expect.any(String), replay: false });
    expect(retry.json().result).toEqual({ id: first.json().result.id, replay: true });
    expect(await auditLogModel(app.db).countDocuments({ entityId: 'retried' })).toBe(1);
  });

  it('takes entries only with the internal token, and refuses a malformed one with 422', async () => {
    const outside = await app.inject({ method: 'POST', url: '/internal/audit', payload: entry(), headers: bearer(admin) });
    expect(outside.statusCode).toBe(403);
    const bad = await internalPost(app, '/internal/audit', { actor: { id: null, username: null }, entity: 'x', entityId: null });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc: ['body', 'action'] })]));
  });

  it('lists entries newest first, paged, with who, what, before and after', async () => {
    const res = await list('page=1&perPage=2&entity=transaction');
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.total).toBe(3);
    expect(result.pageCount).toBe(2);
    expect(result.items.map((i: AuditLogEntry) => i.entityId)).toEqual(['entity-3', 'entity-1']);
    expect(result.items[0]).toEqual({
      id: expect.any(String),
      at: '2026-03-10T20:04:00.000Z',
      actor: { id: '64b7f0c2a1b2c3d4e5f60718', username: 'penningmeester' },
      action: 'transaction.undo',
      entity: 'transaction',
      entityId: 'entity-3',
      entityName: null,
      before: { undone: null, total: 350 },
      after: { undone: { by: 'penningmeester' } },
      service: 'checkout',
    });
    expect((await items('page=2&perPage=2&entity=transaction')).map((i) => i.entityId)).toEqual(['retried']);
  });

  it('names each target: by the record as it is now where this service keeps it, else as the entry names it', async () => {
    const account = (await accountModel(app.db).findOne({}, { name: 1 }).lean())!;
    const id = String(account._id);
    expect((await internalPost(app, '/internal/audit', entry({ action: 'account.update', entity: 'account', entityId: id, before: { name: 'Oude Naam' }, after: { name: 'Oude Naam 2' }, at: '2025-01-05T10:00:00.000Z' }))).statusCode).toBe(200);
    expect((await internalPost(app, '/internal/audit', entry({ action: 'product.delete', entity: 'product', entityId: 'p-gone', before: { name: 'Radler 0.0' }, after: null, at: '2025-01-05T10:01:00.000Z' }))).statusCode).toBe(200);
    expect((await internalPost(app, '/internal/audit', entry({ action: 'invoice.finalise', entity: 'invoice', entityId: 'inv-1', before: { status: 'draft' }, after: { status: 'final', number: '2026-0007' }, at: '2025-01-05T10:02:00.000Z' }))).statusCode).toBe(200);
    expect((await items(`entityId=${id}`))[0]!.entityName).toBe(account.name);
    expect((await items('entityId=p-gone'))[0]!.entityName).toBe('Radler 0.0');
    expect((await items('entityId=inv-1'))[0]!.entityName).toBe('2026-0007');
  });

  it('filters by action (exactly or by its first parts) and by who made the change', async () => {
    expect((await items('action=account.pin')).map((i) => i.action)).toEqual(['account.pin.set']);
    expect(await items('action=account.pi')).toEqual([]);
    expect((await items('actor=Bestuur')).map((i) => i.action)).toEqual(['product.update']);
    expect((await items('actor=u2')).map((i) => i.entityId)).toEqual(['entity-2']);
  });

  it('is for administrators only', async () => {
    const res = await list('', await loginAs(app, 'bar'));
    expect(res.statusCode).toBe(403);
    expect(res.json().errorIdentifier).toBe('insufficient_permissions');
  });

  it("filters by a record's id (its history) and by a Dutch day, and refuses a day that does not exist", async () => {
    expect((await items('entityId=entity-2')).map((e) => e.action)).toEqual(['account.pin.set']);
    // 2026-03-10T20:0x UTC is 21:0x in Amsterdam, on the 10th; 23:30 UTC on the 10th is already the 11th there.
    await internalPost(app, '/internal/audit', entry({ action: 'late.night', entityId: 'late', at: '2026-03-10T23:30:00.000Z' }));
    const tenth = await items('day=2026-03-10&perPage=50');
    expect(tenth.map((e) => e.entityId)).toEqual(expect.arrayContaining(['entity-0', 'entity-1', 'entity-2', 'entity-3']));
    expect(tenth.map((e) => e.entityId)).not.toContain('late');
    expect((await items('day=2026-03-11')).map((e) => e.action)).toEqual(['late.night']);
    const bad = await list('day=2026-13-45');
    expect(bad.statusCode).toBe(422);
  });
});
