import { AUDIT_OUTBOX, localAuditClient, type AuditClient } from '@kassa/service-kit';
import { Types, type Connection } from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountsAuditClient, auditEntryOf, writeAudit } from './audit';
import { registerAuditChecks } from './audit-checks';
import { auditLogModel } from '../models/audit-log.model';
import { cardSecretModel } from '../models/card-secret.model';
import { userModel } from '../../identity/models/user.model';
import { bearer, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app';

/**
 * The admin routes of accounts with their audit entry written ahead (audited) on the real service and FerretDB. A
 * "crash" between the change and marking its entry ready is an outbox that fails that step: nothing after it runs.
 */
describe('audit entries of accounts across a crash', () => {
  let app: AccountsTestApp;
  let admin = '';
  let kept: AuditClient;
  /** The client behind the routes' one: the routes' context is built once, so the test switches what it writes to. */
  let current: AuditClient;
  const switchable = new Proxy({} as AuditClient, {
    get: (_target, prop) => {
      const value = Reflect.get(current, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });
  const call = (method: 'POST' | 'PATCH', url: string, payload: object) => app.inject({ method, url, headers: bearer(admin), payload });
  const entries = (filter: object) => auditLogModel(app.db).find(filter).lean();

  /** The service's own database, except that its outbox cannot mark an entry ready. */
  const crashingOutbox = (db: Connection) =>
    ({
      collection(name: string) {
        const real = db.collection(name);
        if (name !== AUDIT_OUTBOX) return real;
        return new Proxy(real, {
          get(target, prop) {
            if (prop === 'updateOne') return () => Promise.reject(new Error('process died'));
            const value = Reflect.get(target, prop) as unknown;
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
      },
    }) as unknown as Connection;

  /** Routes from now on write through a client that "crashes" after each change. */
  const crashAfterChanges = () => {
    const crashing = localAuditClient((body) => writeAudit(app.db, auditEntryOf(body)), { outbox: crashingOutbox(app.db), service: 'accounts', relayEveryMs: 600_000 });
    registerAuditChecks(app.db, { ledger: app.accounts.ledger, audit: crashing });
    current = crashing;
  };
  /** The restarted service's relay, past the grace period. */
  const relay = async () => {
    const restarted = accountsAuditClient(app.db, { graceMs: 0, relayEveryMs: 600_000 });
    registerAuditChecks(app.db, { ledger: app.accounts.ledger, audit: restarted });
    await restarted.flush();
    await restarted.close();
  };

  beforeAll(async () => {
    const audit = (db: Connection) => {
      kept = accountsAuditClient(db);
      current = kept;
      return switchable;
    };
    app = (await startAccountsTestApp(inject('mongoUri'), { seed: true, deps: { audit } })).app;
    admin = await loginAs(app, 'admin');
  });
  afterEach(async () => {
    if (current !== kept) await current.close();
    current = kept;
  });
  afterAll(async () => {
    await stopAccountsTestApp(app);
  });

  it('a user change whose process dies before its entry is marked ends with exactly one entry, before and after, once the relay runs', async () => {
    const member = await userModel(app.db).findOne({ username: 'member' }).lean();
    const id = String(member!._id);
    crashAfterChanges();
    const res = await call('PATCH', `/api/admin/users/${id}/`, { displayName: 'Na De Crash' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entries({ entityId: id, action: 'user.update' })).toEqual([]);

    await relay();
    await relay();
    const stored = await entries({ entityId: id, action: 'user.update' });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ who: { username: 'admin' }, before: { displayName: member!.displayName ?? null }, after: { displayName: 'Na De Crash' } });
    expect(await app.db.collection(AUDIT_OUTBOX).countDocuments({ 'body.entityId': id })).toBe(0);
  });

  it('a top-up whose process dies after the posting gets its entry from the posting, and the same nonce again stores no second one', async () => {
    const account = (await call('POST', '/api/admin/accounts/', { name: 'Crash Klant' })).json().result as { id: string };
    const body = { amount: 700, method: 'cash_payment', reason: 'Paid at the bar', nonce: `crash-${new Types.ObjectId().toHexString()}` };
    crashAfterChanges();
    expect((await call('POST', `/api/admin/accounts/${account.id}/upgrade/`, body)).statusCode).toBe(200);
    expect(await entries({ entityId: account.id, action: 'account.upgrade' })).toEqual([]);
    await relay();
    await current.close();
    current = kept;
    // The admin did not see the entry and sends the same top-up again: the same key, one entry.
    const again = await call('POST', `/api/admin/accounts/${account.id}/upgrade/`, body);
    expect(again.json().result.replay).toBe(true);

    const stored = await entries({ entityId: account.id, action: 'account.upgrade' });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ key: `audit:admin-upgrade:${body.nonce}`, before: { balance: 0 }, after: { balance: 700, amount: 700, method: 'cash_payment', reason: 'Paid at the bar' } });
  });

  it('a change that throws leaves no entry, also after the relay', async () => {
    const account = (await call('POST', '/api/admin/accounts/', { name: 'Geen Krediet' })).json().result as { id: string };
    const nonce = `refused-${new Types.ObjectId().toHexString()}`;
    // A correction below zero without the second confirmation: the ledger refuses it inside the audited change.
    const res = await call('POST', `/api/admin/accounts/${account.id}/upgrade/`, { amount: -500, method: 'correction', reason: 'Te veel', nonce });
    expect(res.statusCode, res.body).toBe(409);
    await relay();
    expect(await entries({ entityId: account.id, action: 'account.correction' })).toEqual([]);
    expect(await app.db.collection(AUDIT_OUTBOX).countDocuments({ _id: `audit:admin-upgrade:${nonce}` } as object)).toBe(0);
  });

  it('a pending entry whose change never happened is dropped by the relay', async () => {
    const member = await userModel(app.db).findOne({ username: 'member' }).lean();
    const key = `never-${new Types.ObjectId().toHexString()}`;
    const body = { key, actor: { id: null, username: 'admin' }, action: 'user.update', entity: 'user', entityId: String(member!._id), before: {}, after: { displayName: 'Nooit Gebeurd' }, at: new Date().toISOString(), service: 'accounts' };
    await app.db.collection<{ _id: string }>(AUDIT_OUTBOX).insertOne({ _id: key, body, state: 'pending', owner: 'crashed', createdAt: new Date() } as { _id: string });
    await relay();
    expect(await entries({ key })).toEqual([]);
    expect(await app.db.collection(AUDIT_OUTBOX).countDocuments({ _id: key } as object)).toBe(0);
  });

  it('resolves a card link left pending by the card it names: delivered when the card names the account, never with the hash', async () => {
    const account = (await call('POST', '/api/admin/accounts/', { name: 'Kaart Klant' })).json().result as { id: string };
    const linked = `hash-linked-${account.id}`;
    await cardSecretModel(app.db).create({ hash: linked, accountId: account.id });
    const outbox = app.db.collection<{ _id: string }>(AUDIT_OUTBOX);
    for (const [name, hash] of [['linked', linked], ['unknown', `hash-unknown-${account.id}`]] as const) {
      const key = `card-${name}-${account.id}`;
      const body = { key, actor: { id: null, username: 'bar' }, action: 'card.link', entity: 'account', entityId: account.id, before: null, after: { accountId: account.id }, at: new Date().toISOString(), service: 'accounts' };
      await outbox.insertOne({ _id: key, body, expect: { card: hash }, state: 'pending', owner: 'crashed', createdAt: new Date() } as { _id: string });
    }
    await relay();
    const stored = await entries({ entityId: account.id, action: 'card.link' });
    expect(stored.map((e) => e.key)).toEqual([`card-linked-${account.id}`]);
    expect(JSON.stringify(stored)).not.toContain('hash-');
    expect(await outbox.countDocuments({ _id: { $in: [`card-linked-${account.id}`, `card-unknown-${account.id}`] } } as object)).toBe(0);
  });
});
