import { apiError, ok } from '@kassa/contracts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors';
import { internalClient, type InternalClient } from './internal-client';

const Count = z.object({ count: z.number().int() });

describe('internalClient', () => {
  let server: Server;
  let call: InternalClient;
  const answers: Record<string, [number, unknown]> = {
    '/count': [200, ok({ count: 3, extra: 'dropped' })],
    '/wrong': [200, ok({ count: 'three' })],
    '/refused': [402, apiError(402, 'insufficient_credits', 'Not enough money on the account.')],
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const [status, body] = answers[req.url ?? ''] ?? [404, {}];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    call = internalClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'token');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers the result parsed with the caller's schema", async () => {
    await expect(call('/count', Count)).resolves.toEqual({ count: 3 });
  });

  it('refuses an answer that does not match the schema, as a bad gateway', async () => {
    const err = await call('/wrong', Count).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 502, identifier: 'bad_gateway' });
  });

  it("passes another service's refusal on with its status and identifier", async () => {
    await expect(call('/refused', Count)).rejects.toMatchObject({ statusCode: 402, identifier: 'insufficient_credits', message: 'Not enough money on the account.' });
  });

  it('asks the replicas in turn, and the next one when a replica refuses the connection', async () => {
    const up = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A port nothing listens on any more: the connection is refused (the request never reached a service).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const down = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const replicas = internalClient([down, up], 'token');
    for (let i = 0; i < 4; i++) await expect(replicas('/count', Count)).resolves.toEqual({ count: 3 });
    await expect(internalClient([down], 'token')('/count', Count)).rejects.toMatchObject({ statusCode: 503, identifier: 'service_unavailable' });
  });

  it('sends a repeatable request to the next replica when the connection broke mid-way, and nothing else', async () => {
    const up = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Takes the request, then drops the connection without an answer, as a replica that dies on it.
    const dying = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    try {
      const broken = `http://127.0.0.1:${(dying.address() as AddressInfo).port}`;
      const replicas = internalClient([broken, up], 'token');
      for (let i = 0; i < 4; i++) {
        await expect(replicas('/count', Count, { body: { key: 'k' }, repeatable: true })).resolves.toEqual({ count: 3 });
        await expect(replicas('/count', Count)).resolves.toEqual({ count: 3 });
      }
      const outcomes = await Promise.all(Array.from({ length: 4 }, () => replicas('/count', Count, { body: { key: 'k' } }).then(() => 'ok', (e: AppError) => e.statusCode)));
      expect(outcomes).toContain(503);
    } finally {
      await new Promise<void>((resolve) => dying.close(() => resolve()));
    }
  });
});
