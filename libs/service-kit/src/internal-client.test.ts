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

  it('spreads requests over the replicas, and asks another when a replica refuses the connection', async () => {
    const up = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A port nothing listens on any more: the connection is refused (the request never reached a service).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const down = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const replicas = internalClient([down, up], 'token');
    const answers = await Promise.all(Array.from({ length: 8 }, () => replicas('/count', Count)));
    expect(answers).toEqual(Array.from({ length: 8 }, () => ({ count: 3 })));
    await expect(internalClient([down], 'token')('/count', Count)).rejects.toMatchObject({ statusCode: 503, identifier: 'service_unavailable' });

    // Two live replicas: both take requests (undici's BalancedPool, replicas.ts).
    const seen = new Set<string>();
    const other = createServer((req, res) => {
      seen.add('other');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ok({ count: 3 })));
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const both = internalClient([up, `http://127.0.0.1:${(other.address() as AddressInfo).port}`], 'token');
      for (let i = 0; i < 6; i++) await expect(both('/count', Count)).resolves.toEqual({ count: 3 });
      expect(seen.has('other')).toBe(true);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('sends a repeatable request to another replica when the connection broke mid-way, and nothing else', async () => {
    const up = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Takes the request, then drops the connection without an answer, as a replica that dies on it.
    let dropped = 0;
    const dying = createServer((req) => {
      if (req.url !== '/ready') dropped++;
      req.socket.destroy();
    });
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    try {
      const broken = `http://127.0.0.1:${(dying.address() as AddressInfo).port}`;
      const replicas = internalClient([broken, up], 'token');
      for (let i = 0; i < 4; i++) {
        await expect(replicas('/count', Count, { body: { key: 'k' }, repeatable: true })).resolves.toEqual({ count: 3 });
        await expect(replicas('/count', Count)).resolves.toEqual({ count: 3 });
      }
      // A POST that is not repeatable is never sent twice: each one the dying replica dropped fails, the rest are answered.
      dropped = 0;
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => replicas('/count', Count, { body: { key: 'k' } }).then(() => 'ok', (e: AppError) => e.statusCode)));
      expect(outcomes.filter((o) => o === 503)).toHaveLength(dropped);
      expect(outcomes.filter((o) => o === 'ok')).toHaveLength(6 - dropped);
      // With that replica alone, the dropped POST fails with a 503 and was sent once.
      dropped = 0;
      await expect(internalClient([broken], 'token')('/count', Count, { body: { key: 'k' } })).rejects.toMatchObject({ statusCode: 503 });
      expect(dropped).toBe(1);
    } finally {
      await new Promise<void>((resolve) => dying.close(() => resolve()));
    }
  });
});
