import Fastify, { type FastifyInstance } from 'fastify';
import { UNHANDLED_HEADER } from '@kassa/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';

/**
 * The gateway in front of two replicas of the accounts service, over real HTTP. The replicas are stand-ins that say
 * which one answered and whether they are ready; the balancing and the rotation are undici's BalancedPool in the gateway.
 */
describe('gateway with two replicas of a service', () => {
  const replicas: { app: FastifyInstance; url: string; ready: boolean }[] = [];
  let gateway: FastifyInstance;
  let gatewayUrl: string;

  async function replica(name: string, setup: (app: FastifyInstance) => void = () => undefined) {
    const entry = { app: Fastify(), url: '', ready: true };
    setup(entry.app);
    entry.app.get('/ready', async (_req, reply) => reply.code(entry.ready ? 200 : 503).send({ ready: entry.ready }));
    entry.app.all('/api/*', async (request) => ({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result: { replica: name, body: request.body ?? null } }));
    entry.url = await entry.app.listen({ port: 0, host: '127.0.0.1' });
    replicas.push(entry);
    return entry;
  }

  /** Which replica answered each of n requests to an accounts route. */
  async function answeredBy(n: number): Promise<(string | number)[]> {
    const out: (string | number)[] = [];
    for (let i = 0; i < n; i++) {
      const res = await fetch(`${gatewayUrl}/api/accounts/`);
      out.push(res.ok ? ((await res.json()) as { result: { replica: string } }).result.replica : res.status);
    }
    return out;
  }

  beforeAll(async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    // Ready, but drops the connection of every POST it is sent, as a replica that dies on it.
    const dying = await replica('dying', (app) =>
      app.addHook('onRequest', async (request) => {
        if (request.method === 'POST') request.raw.socket.destroy();
      }),
    );
    // Ready by its check, but answers every request as a service that is stopping does: 503, not handled.
    const stopping = await replica('stopping', (app) =>
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.startsWith('/api/')) return reply.code(503).header(UNHANDLED_HEADER, 'closing').send({ error: true });
      }),
    );
    const env = GatewayEnv.parse({
      LOG_LEVEL: 'silent',
      ACCOUNTS_URLS: `${a.url}, ${b.url}`,
      CATALOG_URLS: `${a.url},${stopping.url}`,
      CHECKOUT_URLS: `${a.url},${dying.url}`,
      PAYMENTS_URLS: `${a.url},${dying.url}`,
      SHELL_DIST: '',
    });
    gateway = await buildGateway(env);
    gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway.close();
    for (const r of replicas) await r.app.close();
  });

  it('spreads requests over both replicas', async () => {
    const by = await answeredBy(20);
    expect(by.filter((r) => r === 'a').length).toBeGreaterThan(0);
    expect(by.filter((r) => r === 'b').length).toBeGreaterThan(0);
    expect(by.every((r) => r === 'a' || r === 'b')).toBe(true);
  });

  it('takes a replica that is not ready out of rotation, and back when it is ready again', async () => {
    replicas[1]!.ready = false;
    await vi.waitFor(async () => expect(new Set(await answeredBy(10))).toEqual(new Set(['a'])), { timeout: 10_000, interval: 200 });
    // Out of rotation, it gets nothing at all.
    expect(new Set(await answeredBy(20))).toEqual(new Set(['a']));
    replicas[1]!.ready = true;
    await vi.waitFor(async () => expect(await answeredBy(20)).toContain('b'), { timeout: 10_000, interval: 200 });
  });

  it('is ready while each service has a ready replica', async () => {
    replicas[0]!.ready = false;
    replicas[1]!.ready = false;
    try {
      // The catalog has the stopping one, checkout and payments the dying one; accounts has none.
      const res = await fetch(`${gatewayUrl}/api/ready`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { errorMessage: string }).errorMessage).toBe('Not ready: accounts.');
    } finally {
      replicas[0]!.ready = true;
      replicas[1]!.ready = true;
    }
    expect((await fetch(`${gatewayUrl}/api/ready`)).status).toBe(200);
  });

  it('keeps every request answered when a replica stops, before the next check takes it out too', async () => {
    await replicas[1]!.app.close();
    // A refused connection never reached the replica: the gateway sends it to the other one (GETs and POSTs alike).
    const posts = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${gatewayUrl}/api/accounts/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' })),
    );
    expect(posts.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Each arrived whole, from the one replica left.
    for (const r of posts) expect(((await r.json()) as { result: unknown }).result).toEqual({ replica: 'a', body: { x: 1 } });
    expect(new Set(await answeredBy(30))).toEqual(new Set(['a']));
  });

  it('sends a sale whose replica dropped it mid-way to another replica (its nonce makes that safe), and nothing else', async () => {
    const post = (path: string) => fetch(`${gatewayUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"nonce":"n-1"}' });
    const sales = await Promise.all(Array.from({ length: 10 }, () => post('/api/checkout/cash/')));
    expect(sales.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of sales) expect(((await r.json()) as { result: unknown }).result).toEqual({ replica: 'a', body: { nonce: 'n-1' } });
    // A card sale's finish reads its final result: asked again the same way.
    const finishes = await Promise.all(Array.from({ length: 10 }, () => post('/api/transactions/t-1/finish/')));
    expect(finishes.map((r) => r.status)).toEqual(Array(10).fill(200));
    // A POST without that promise is not sent twice: the ones that met the dying replica fail.
    const others = await Promise.all(Array.from({ length: 10 }, () => post('/api/payments/webhook')));
    expect(others.map((r) => r.status)).toContain(503);
  });

  it('sends a request a stopping replica did not handle to another one, whatever its method', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${gatewayUrl}/api/admin/products/`, { method: i % 2 ? 'POST' : 'GET', ...(i % 2 ? { headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' } : {}) }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
  });
});
