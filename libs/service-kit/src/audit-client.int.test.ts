import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUDIT_OUTBOX, auditClient } from './audit-client';
import { connectMongo } from './mongo';

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
    await db.dropDatabase();
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
