import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUDIT_OUTBOX, auditClient, viewCheck } from './audit-client';
import { connectMongo } from './mongo';
import { dropTestDatabase } from './testing';

/** The outbox on the run's real FerretDB, with a stand-in for accounts' POST /internal/audit that can be down. */
describe('auditClient with an outbox (real FerretDB)', () => {
  let db: Connection;
  let server: Server;
  let url: string;
  let up = false;
  const stored = new Map<string, unknown>();
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => warnings.push(msg) };

  beforeAll(async () => {
    db = await connectMongo(inject('mongoUri'), `t${randomBytes(4).toString('hex')}_outbox`);
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        if (!up) return void res.writeHead(503).end('{}');
        const body = JSON.parse(text) as { key: string };
        stored.set(body.key, body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await dropTestDatabase(db);
    await db.close();
  });

  const entry = (n: number) => ({ actor: { id: null, username: 'admin' }, action: 'product.update', entity: 'product', entityId: `p${n}`, before: { price: n }, after: { price: n + 1 } });

  it('keeps entries that accounts could not take and delivers each exactly once when it is back', async () => {
    const client = auditClient(url, 'token', { service: 'catalog', outbox: db, retryDelayMs: 1, timeoutMs: 200, relayEveryMs: 60_000 });
    up = false;
    expect(await client.record(entry(1), log)).toBe(false);
    expect(await client.record(entry(2), log)).toBe(false);
    expect(warnings).toEqual(['audit entry kept in the outbox until accounts stores it', 'audit entry kept in the outbox until accounts stores it']);
    expect(await db.collection(AUDIT_OUTBOX).countDocuments()).toBe(2);
    expect(stored.size).toBe(0);

    up = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
    // Two relays at once (two replicas, or a timer and a shutdown) may send an entry twice; accounts stores it once by its key.
    const other = auditClient(url, 'token', { outbox: db, timeoutMs: 200, relayEveryMs: 60_000 });
    await Promise.all([client.flush(), other.flush()]);
    expect([...stored.values()].map((b) => (b as { entityId: string }).entityId).sort()).toEqual(['p1', 'p2']);
    expect(await db.collection(AUDIT_OUTBOX).countDocuments()).toBe(0);
    await Promise.all([client.close(), other.close()]);
  });

  it('leaves nothing in the outbox when accounts takes the entry at once', async () => {
    up = true;
    const client = auditClient(url, 'token', { outbox: db, relayEveryMs: 60_000 });
    expect(await client.record(entry(3), log)).toBe(true);
    expect(await db.collection(AUDIT_OUTBOX).countDocuments()).toBe(0);
    await client.close();
  });
});

/**
 * `audited`: the entry is written ahead of the change, so a change is never kept without its entry, also when the
 * process dies between the two. The "crash" is a database that fails the step after the change.
 */
describe('audited changes with a write-ahead outbox (real FerretDB)', () => {
  let db: Connection;
  let server: Server;
  let url: string;
  /** Every entry accounts received, in order (accounts itself stores one per key). */
  const posted: { key: string; entityId: string; before: unknown; after: unknown }[] = [];
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => warnings.push(msg) };
  const records = () => db.collection<{ _id: string; price: number }>('records');
  const storedFor = (entityId: string) => [...new Map(posted.filter((p) => p.entityId === entityId).map((p) => [p.key, p])).values()];

  /** The same database, except that the outbox fails the given operation (as a crash or a lost connection would). */
  const failing = (op: 'updateOne' | 'deleteOne') =>
    ({
      collection(name: string) {
        const real = db.collection(name);
        if (name !== AUDIT_OUTBOX) return real;
        return new Proxy(real, {
          get(target, prop) {
            if (prop === op) return () => Promise.reject(new Error('connection lost'));
            const value = Reflect.get(target, prop) as unknown;
            return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
      },
    }) as unknown as Connection;

  const client = (over: { outbox?: Connection; graceMs?: number } = {}) => {
    const c = auditClient(url, 'token', { service: 'catalog', outbox: over.outbox ?? db, retryDelayMs: 1, relayEveryMs: 60_000, graceMs: over.graceMs ?? 0 });
    c.check('record', viewCheck(async (id) => records().findOne({ _id: id }, { projection: { _id: 0, price: 1 } })));
    return c;
  };
  const change = (id: string, price: number) => ({ actor: { id: null, username: 'admin' }, action: 'record.update', entity: 'record', entityId: id, before: { price: 1 }, after: { price } });
  const setPrice = (id: string, price: number) => async () => {
    await records().updateOne({ _id: id }, { $set: { price } });
    return price;
  };

  beforeAll(async () => {
    db = await connectMongo(inject('mongoUri'), `t${randomBytes(4).toString('hex')}_audited`);
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        posted.push(JSON.parse(text) as (typeof posted)[number]);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await records().insertMany(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ _id: id, price: 1 })));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await dropTestDatabase(db);
    await db.close();
  });

  it('delivers the entry of a change at once, with before and the after the change settled', async () => {
    const c = client();
    const result = await c.audited(change('a', 2), log, setPrice('a', 2), (price) => ({ after: { price, exact: true } }));
    expect(result).toBe(2);
    expect(storedFor('a')).toMatchObject([{ before: { price: 1 }, after: { price: 2, exact: true } }]);
    expect(await db.collection(AUDIT_OUTBOX).countDocuments({ _id: { $in: [storedFor('a')[0]!.key] } } as object)).toBe(0);
    await c.close();
  });

  it('a change whose process dies before marking its entry ready still ends with exactly one entry after the relay', async () => {
    const crashed = client({ outbox: failing('updateOne') });
    // The change is made; the step after it fails, so the entry stays pending (nothing more would run after a crash).
    expect(await crashed.audited(change('b', 5), log, setPrice('b', 5))).toBe(5);
    expect(warnings).toContain('audit entry left pending; the relay resolves it');
    expect(storedFor('b')).toEqual([]);
    await crashed.close();

    // Within its grace period the relay leaves it alone: the change might still be under way.
    const patient = client({ graceMs: 600_000 });
    await patient.flush();
    expect(storedFor('b')).toEqual([]);
    await patient.close();

    // The restarted service's relay: the record matches `after`, so the entry is delivered, once, however often it runs.
    const restarted = client();
    expect(await restarted.flush()).toBe(1);
    await restarted.flush();
    expect(storedFor('b')).toMatchObject([{ before: { price: 1 }, after: { price: 5 } }]);
    expect(posted.filter((p) => p.entityId === 'b')).toHaveLength(1);
    expect(await db.collection(AUDIT_OUTBOX).countDocuments({ 'body.entityId': 'b' })).toBe(0);
    await restarted.close();
  });

  it('a change that throws leaves no entry, and the error reaches the caller', async () => {
    const c = client();
    await expect(c.audited(change('c', 7), log, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await db.collection(AUDIT_OUTBOX).countDocuments({ 'body.entityId': 'c' })).toBe(0);
    await c.flush();
    expect(storedFor('c')).toEqual([]);
    await c.close();
  });

  it('a pending entry whose change never happened is dropped by the relay, not delivered', async () => {
    // The change fails and so does removing its entry (the database went away): the entry is left pending.
    const broken = client({ outbox: failing('deleteOne') });
    await expect(broken.audited(change('d', 9), log, () => Promise.reject(new Error('crash')))).rejects.toThrow('crash');
    expect(await db.collection(AUDIT_OUTBOX).countDocuments({ 'body.entityId': 'd', state: 'pending' })).toBe(1);
    await broken.close();

    const relay = client();
    await relay.flush();
    expect(storedFor('d')).toEqual([]);
    expect(await db.collection(AUDIT_OUTBOX).countDocuments({ 'body.entityId': 'd' })).toBe(0);
    expect((await records().findOne({ _id: 'd' }))?.price).toBe(1);
    await relay.close();
  });

  it('the same key twice, also at the same moment, travels as one key and leaves the outbox empty (accounts stores a key once)', async () => {
    const c = client();
    const keyed = { ...change('e', 3), key: 'record.update:e:3' };
    await Promise.all([c.audited(keyed, log, setPrice('e', 3)), c.audited(keyed, log, setPrice('e', 3))]);
    await c.audited(keyed, log, setPrice('e', 3));
    await c.flush();
    expect(posted.filter((p) => p.entityId === 'e').length).toBeGreaterThan(0);
    expect(storedFor('e')).toHaveLength(1);
    expect(storedFor('e')[0]?.key).toBe('record.update:e:3');
    expect(await db.collection(AUDIT_OUTBOX).countDocuments({ 'body.entityId': 'e' })).toBe(0);
    await c.close();
  });

  it('resolves a pending entry by its `expect` when `after` is not what the record looks like, and keeps its `after`', async () => {
    const crashed = client({ outbox: failing('updateOne') });
    const reset = { ...change('f', 6), action: 'record.reset', after: { price: 6, note: 'reset by the board' }, expect: { price: 6 } };
    await crashed.audited(reset, log, setPrice('f', 6));
    await crashed.close();
    const relay = client();
    await relay.flush();
    expect(storedFor('f')).toMatchObject([{ after: { price: 6, note: 'reset by the board' } }]);
    expect(posted.filter((p) => p.entityId === 'f')).toHaveLength(1);
    await relay.close();
  });

  it('refuses, before changing anything, an entity the service registered no check for', async () => {
    const c = client();
    let ran = false;
    const unchecked = { ...change('g', 4), entity: 'unknown' };
    await expect(c.audited(unchecked, log, async () => (ran = true))).rejects.toThrow('no audit check registered for unknown');
    expect(ran).toBe(false);
    await c.close();
  });
});
