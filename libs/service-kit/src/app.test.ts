import mongoose from 'mongoose';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { BaseEnv } from './config';

const env = BaseEnv.parse({ LOG_LEVEL: 'silent' });

describe('answers while storage or the service itself is away (the till retries with the same nonce)', () => {
  it('answers a lost database connection with a clear, retryable 503, not a 500', async () => {
    const app = await createServiceApp({ name: 'checkout', env });
    app.get('/db', async () => {
      throw new mongoose.mongo.MongoNetworkError('connection 5 to 127.0.0.1:27017 closed');
    });
    app.get('/redis', async () => {
      throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    });
    // What FerretDB answered in testing/probes/faults.ts while its PostgreSQL was killed and restarting.
    const ferretDb = (message: string) => new mongoose.mongo.MongoServerError({ message, code: 1, codeName: 'InternalError' });
    app.get('/pg-crashed', async () => {
      throw ferretDb('[msg_insert.go:168 handler.(*Handler).MsgInsert] FATAL: terminating connection due to unexpected postmaster exit (SQLSTATE 57P01)');
    });
    app.get('/pg-down', async () => {
      throw ferretDb('[collection.go:109 postgresql.(*collection).Query] failed to connect to `user=postgres database=kassa`:\n\t127.0.0.1:5432 (127.0.0.1): dial error: dial tcp 127.0.0.1:5432: connect: connection refused');
    });
    app.get('/pg-starting', async () => {
      throw ferretDb('failed to connect to `user=postgres database=kassa`:\n\t127.0.0.1:5432 (127.0.0.1): server error: FATAL: the database system is starting up (SQLSTATE 57P03)');
    });
    // Another internal error of FerretDB is no outage.
    app.get('/ferretdb-bug', async () => {
      throw ferretDb('[msg_find.go:344 handler.handleMaxTimeMSError] unexpected type of value');
    });
    app.get('/bug', async () => {
      throw new TypeError('x is undefined');
    });
    const db = await app.inject({ method: 'GET', url: '/db' });
    expect(db.statusCode).toBe(503);
    expect(db.json()).toMatchObject({ error: true, errorIdentifier: 'service_unavailable', errorMessage: 'The database is unavailable for a moment. Please try again.' });
    const redis = await app.inject({ method: 'GET', url: '/redis' });
    expect(redis.statusCode).toBe(503);
    expect(redis.json()).toMatchObject({ errorIdentifier: 'service_unavailable', errorMessage: 'The queue server is unavailable for a moment. Please try again.' });
    for (const url of ['/pg-crashed', '/pg-down', '/pg-starting']) {
      const pg = await app.inject({ method: 'GET', url });
      expect(pg.statusCode, url).toBe(503);
      expect(pg.json(), url).toMatchObject({ errorIdentifier: 'service_unavailable', errorMessage: 'The database is unavailable for a moment. Please try again.' });
    }
    // A real bug stays a 500.
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/ferretdb-bug' })).statusCode).toBe(500);
    await app.close();
  });

  it('answers a request that arrives on an open connection during a graceful stop in the wrapper', async () => {
    const app = await createServiceApp({ name: 'checkout', env });
    // Holds the stop in its first phase, when the server still has its open connections.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let stopping!: () => void;
    const stopBegun = new Promise<void>((r) => (stopping = r));
    app.addHook('preClose', async () => {
      stopping();
      await held;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    // A keep-alive connection like the gateway's pool holds: one answered request, then idle.
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (d: Buffer) => (raw += d.toString()));
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!raw.includes('"status":"ok"')) await new Promise((r) => setTimeout(r, 10));

    const closed = app.close();
    await stopBegun;
    raw = '';
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!raw.includes('\r\n\r\n{')) await new Promise((r) => setTimeout(r, 10));
    release();
    await closed;
    socket.destroy();

    expect(raw.startsWith('HTTP/1.1 503')).toBe(true);
    // Marked as not handled: the gateway and other services may send it to another replica.
    expect(raw.toLowerCase()).toContain('\r\nx-kassa-unhandled: closing\r\n');
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    expect(body).toMatchObject({ error: true, errorIdentifier: 'service_unavailable', errorMessage: 'The checkout service is restarting. Please try again in a moment.' });
  });
});
