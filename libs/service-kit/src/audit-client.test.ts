import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { auditClient } from './audit-client';

interface Received {
  token: string | undefined;
  body: Record<string, unknown>;
}

/** A stand-in for accounts' POST /internal/audit that answers the given statuses in turn. */
async function fakeAccounts(statuses: number[]): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      received.push({ token: req.headers['x-internal-token'] as string | undefined, body: JSON.parse(text) });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: status >= 400 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

const warnings: { obj: object; msg: string }[] = [];
const log = { warn: (obj: object, msg: string) => warnings.push({ obj, msg }) };
const entry = {
  actor: { id: '64b7f0c2a1b2c3d4e5f60718', username: 'penningmeester' },
  action: 'transaction.undo',
  entity: 'transaction',
  entityId: '64b7f0c2a1b2c3d4e5f60799',
  before: { undone: null },
  after: { undone: { by: 'penningmeester' } },
};

describe('auditClient', () => {
  let server: Server | null = null;
  afterEach(async () => {
    warnings.length = 0;
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = null;
  });

  it('sends the entry with the internal token, the service name and an idempotency key', async () => {
    const fake = await fakeAccounts([200]);
    server = fake.server;
    const stored = await auditClient(fake.url, 'internal-token-123', { service: 'checkout' }).record(entry, log);
    expect(stored).toBe(true);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]?.token).toBe('internal-token-123');
    expect(fake.received[0]?.body).toMatchObject({ ...entry, service: 'checkout', key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(warnings).toEqual([]);
  });

  it('retries once with the same key when accounts stumbles, and then stores it', async () => {
    const fake = await fakeAccounts([503, 200]);
    server = fake.server;
    const stored = await auditClient(fake.url, 'internal-token-123', { retryDelayMs: 1 }).record(entry, log);
    expect(stored).toBe(true);
    expect(fake.received).toHaveLength(2);
    expect(fake.received[1]?.body.key).toBe(fake.received[0]?.body.key);
    expect(warnings).toEqual([]);
  });

  it('gives up after the retry with a warning instead of an error when accounts cannot be reached', async () => {
    const fake = await fakeAccounts([]);
    const url = fake.url;
    await new Promise((resolve) => fake.server.close(resolve));
    const stored = await auditClient(url, 'internal-token-123', { retryDelayMs: 1 }).record(entry, log);
    expect(stored).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toBe('audit entry could not be stored');
    expect(warnings[0]?.obj).toMatchObject({ audit: { action: 'transaction.undo', entityId: entry.entityId } });
  });
});
