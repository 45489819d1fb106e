import Fastify, { type FastifyInstance } from 'fastify';
import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';

/** The gateway in front of a stand-in upstream that echoes what it received. */
describe('gateway', () => {
  let upstream: FastifyInstance;
  let gateway: FastifyInstance;
  let upstreamUrl: string;
  let gatewayUrl: string;

  beforeAll(async () => {
    upstream = Fastify();
    upstream.all('/*', async (request) => ({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result: { url: request.url, headers: request.headers } }));
    upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
    const env = GatewayEnv.parse({
      LOG_LEVEL: 'silent',
      CATALOG_URL: upstreamUrl,
      ACCOUNTS_URL: upstreamUrl,
      CHECKOUT_URL: 'http://127.0.0.1:1',
      PAYMENTS_URL: upstreamUrl,
      REMOTE_MFE_POS_URL: 'https://pos.example.org/mf-manifest.json',
      SHELL_DIST: '',
    });
    gateway = await buildGateway(env);
    gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  it('routes /api/products/ to the catalog with a request id and without an internal token from outside', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/products/', headers: { 'x-internal-token': 'forged' } });
    expect(res.statusCode).toBe(200);
    const { result } = res.json();
    expect(result.url).toBe('/api/products/');
    expect(result.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    expect(result.headers['x-internal-token']).toBeUndefined();
  });

  it('sends /api/checkout/reasons to the catalog but the rest of /api/checkout to checkout', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/api/checkout/reasons/' })).statusCode).toBe(200);
    // Over real HTTP: the proxy streams request bodies, which light-my-request's inject does not model.
    const down = await fetch(`${gatewayUrl}/api/checkout/cash/`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(down.status).toBe(503);
    expect((await down.json()).errorIdentifier).toBe('service_unavailable');
  });

  it('answers in the wrapper with 503 at once when a service is down, not at the upstream deadline', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/transactions/abc/' });
    // A refused connection is 503; waiting for the deadline would have been 504 (upstream-deadline.ts). No timing here:
    // a test that measures time fails on a busy machine.
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: true, errorCode: 503, errorIdentifier: 'service_unavailable', result: null });
  });

  it('is ready only when every service behind it answers /ready, and names the ones that do not', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ errorIdentifier: 'service_unavailable', errorMessage: 'Not ready: checkout.' });
    const allUp = await buildGateway(GatewayEnv.parse({ LOG_LEVEL: 'silent', ACCOUNTS_URL: upstreamUrl, CATALOG_URL: upstreamUrl, CHECKOUT_URL: upstreamUrl, PAYMENTS_URL: upstreamUrl, SHELL_DIST: '' }));
    expect((await allUp.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready', service: 'gateway' });
    await allUp.close();
  });

  it('tells every page it runs as training outside production, and not in production without KASSA_TRAINING', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/api/platform/' })).json().result).toEqual({ training: true });
    const own = { JWT_SECRET: 'j'.repeat(40), INTERNAL_TOKEN: 'i'.repeat(24), LOG_LEVEL: 'silent', SHELL_DIST: '' } as const;
    const production = await buildGateway(GatewayEnv.parse({ ...own, NODE_ENV: 'production' }));
    const training = await buildGateway(GatewayEnv.parse({ ...own, NODE_ENV: 'production', KASSA_TRAINING: '1' }));
    expect((await production.inject({ method: 'GET', url: '/api/platform/' })).json().result).toEqual({ training: false });
    expect((await training.inject({ method: 'GET', url: '/api/platform/' })).json().result).toEqual({ training: true });
    await Promise.all([production.close(), training.close()]);
  });

  it('never routes internal paths', async () => {
    const res = await gateway.inject({ method: 'POST', url: '/internal/ledger/postings', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorIdentifier).toBe('not_found');
  });

  it('serves the remotes map with run-time overrides and no caching', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      mfe_pos: 'https://pos.example.org/mf-manifest.json',
      mfe_account: '/remotes/mfe-account/mf-manifest.json',
      mfe_admin: '/remotes/mfe-admin/mf-manifest.json',
      mfe_slides: '/remotes/mfe-slides/mf-manifest.json',
    });
  });

  it('sends security headers and allows an overridden remote origin in the content security policy', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('https://pos.example.org');
  });
});

/** The edges a client can reach: body size, Expect, request ids, addresses, prototype names, and a hung service. */
describe('gateway edges', () => {
  let upstream: FastifyInstance;
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  let heldArrived: (gatewayRequestId: string) => void = () => undefined;
  let releaseHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseHeld = resolve));
  /** Gateway request ids whose response the client closed. */
  const clientClosed = new Map<string, Promise<void>>();
  /** POST requests that reached the stand-in service. */
  let upstreamBodies = 0;
  const logLines: Record<string, unknown>[] = [];
  const logWaiters: (() => void)[] = [];
  const logged = (line: string) => {
    logLines.push(JSON.parse(line) as Record<string, unknown>);
    for (const wake of logWaiters.splice(0)) wake();
  };
  /** Resolves once a log line matches (the test's own timeout bounds the wait). */
  const logLine = async (match: (line: Record<string, unknown>) => boolean) => {
    while (!logLines.some(match)) await new Promise<void>((resolve) => logWaiters.push(resolve));
  };

  beforeAll(async () => {
    upstream = Fastify({ bodyLimit: 16 * 1024 * 1024 });
    upstream.addHook('onRequest', async (request) => {
      if (request.method === 'POST') upstreamBodies++;
    });
    // Answers once the test says so (after the client has gone), so the gateway has an answer for nobody.
    upstream.post('/api/checkout/held/', async (request) => {
      heldArrived(String(request.headers['x-request-id']));
      await held;
      return { error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result: null };
    });
    upstream.post('/api/checkout/cash/', async (request) => ({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result: { headers: request.headers, body: request.body } }));
    upstream.get('/api/transactions/card/:id/status/', () => new Promise(() => undefined));
    upstream.post('/api/login/', async (request) => ({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result: { headers: request.headers } }));
    // Headers at once, then a space every 400 ms for 4 s: never idle as long as the 1.5-s timeout, but over it in all.
    upstream.get('/api/products/', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const timer = setInterval(() => {
        if (++sent < 10) reply.raw.write(' ');
        else {
          clearInterval(timer);
          reply.raw.end('{"error":false}');
        }
      }, 400);
      reply.raw.on('close', () => clearInterval(timer));
    });
    const upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
    const env = GatewayEnv.parse({
      CATALOG_URL: upstreamUrl,
      ACCOUNTS_URL: upstreamUrl,
      CHECKOUT_URL: upstreamUrl,
      PAYMENTS_URL: upstreamUrl,
      SHELL_DIST: '',
      UPSTREAM_TIMEOUT_MS: '1500',
      LOG_LEVEL: 'info',
    });
    const watchCloses = (app: FastifyInstance) => {
      app.addHook('onRequest', async (request, reply) => {
        clientClosed.set(request.id, new Promise((resolve) => reply.raw.once('close', resolve)));
      });
    };
    gateway = await buildGateway(env, { logStream: { write: logged }, plugins: [watchCloses] });
    gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${gatewayUrl}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

  it('answers a body over 1 MB with 413 in the wrapper instead of passing it on', async () => {
    const res = await post('/api/checkout/cash/', JSON.stringify({ pad: 'a'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: true, errorCode: 413, errorIdentifier: 'payload_too_large' });
  });

  /**
   * A POST over node:http on a keep-alive agent, its body sent in 64 KiB pieces (chunked when no length is given) until
   * it is all sent or the answer has come: the status, the wrapper, and whether the gateway closed the connection.
   */
  const sendBody = (path: string, size: number, declareLength: boolean) =>
    new Promise<{ status: number; json: Record<string, unknown>; closed: boolean; upstreamSaw: number }>((resolve, reject) => {
      const agent = new Agent({ keepAlive: true });
      const piece = Buffer.alloc(64 * 1024, 'a');
      let answered = false;
      const before = upstreamBodies;
      const req = httpRequest(`${gatewayUrl}${path}`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(size) } : {}) },
      });
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          const socket = req.socket;
          const done = () => {
            agent.destroy();
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown>, closed: true, upstreamSaw: upstreamBodies - before });
          };
          if (socket?.destroyed) done();
          else socket?.once('close', done);
        });
      });
      // After the answer, the gateway may close while the rest of the body is still on its way: that is the point.
      req.on('error', (err) => (answered ? undefined : reject(err)));
      let sent = 0;
      const more = () => {
        while (!answered && sent < size) {
          const n = Math.min(piece.length, size - sent);
          sent += n;
          if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) return void req.once('drain', more);
        }
        if (!answered) req.end();
      };
      more();
    });

  it('answers a declared length between 256 KiB and 1 MiB with 413 in the wrapper and closes the connection', async () => {
    const res = await sendBody('/api/checkout/cash/', 300 * 1024, true);
    expect(res).toMatchObject({ status: 413, closed: true, upstreamSaw: 0 });
    expect(res.json).toMatchObject({ error: true, errorCode: 413, errorIdentifier: 'payload_too_large', errorMessage: 'The request is too large: at most 256 KB.' });
  });

  it('counts a chunked body as it arrives: 10 MiB chunked gets 413, the service sees nothing, the connection is closed', async () => {
    const res = await sendBody('/api/checkout/cash/', 10 * 1024 * 1024, false);
    expect(res).toMatchObject({ status: 413, closed: true, upstreamSaw: 0 });
    expect(res.json).toMatchObject({ errorCode: 413, errorIdentifier: 'payload_too_large' });
  });

  it('passes on a body of exactly 256 KiB, chunked or not', async () => {
    const body = JSON.stringify({ pad: 'a'.repeat(256 * 1024 - 10) });
    expect(Buffer.byteLength(body)).toBe(256 * 1024);
    const plain = await post('/api/checkout/cash/', body);
    expect(plain.status).toBe(200);
    const chunked = await fetch(`${gatewayUrl}/api/checkout/cash/`, {
      method: 'POST',
      body: new Blob([body]).stream(),
      duplex: 'half',
      headers: { 'content-type': 'application/json' },
    } as RequestInit);
    expect(chunked.status).toBe(200);
    expect(((await chunked.json()) as { result: { body: { pad: string } } }).result.body.pad).toHaveLength(256 * 1024 - 10);
  });

  /** Over node:http, which (unlike fetch) sends any header, Expect included, and waits for 100 Continue. */
  const rawPost = (path: string, body: string, headers: Record<string, string>) =>
    new Promise<{ status: number; json: { result: { headers: Record<string, string>; body: unknown } } }>((resolve, reject) => {
      const req = httpRequest(`${gatewayUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      });
      req.on('error', reject);
      if (headers.expect) req.on('continue', () => req.end(body));
      else req.end(body);
    });

  it('logs a client that closes before its answer at info, without a stack, and nothing at warn or error', async () => {
    const arrived = new Promise<string>((resolve) => (heldArrived = resolve));
    const req = httpRequest(`${gatewayUrl}/api/checkout/held/`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    req.on('error', () => undefined);
    req.end('{"nonce":"n"}');
    const id = await arrived;
    req.destroy();
    await clientClosed.get(id);
    releaseHeld();
    // What the gateway makes of the answer it cannot deliver: the info line, or (on the old code) an error line.
    await logLine((line) => line.reqId === id && (line.msg === 'client closed the connection before the answer' || (line.level as number) >= 50));
    const lines = logLines.filter((line) => line.reqId === id);
    expect(lines.find((line) => line.msg === 'client closed the connection before the answer')).toMatchObject({ level: 30, reason: 'UND_ERR_ABORTED' });
    expect(lines.filter((line) => (line.level as number) >= 40)).toEqual([]);
    expect(lines.filter((line) => line.err !== undefined)).toEqual([]);
  });

  it('passes a request with Expect: 100-continue on', async () => {
    const res = await rawPost('/api/checkout/cash/', '{"a":1}', { expect: '100-continue' });
    expect(res.status).toBe(200);
    expect(res.json.result.body).toEqual({ a: 1 });
  });

  it("makes the request id itself, and tells the service the client's own address, whatever the client sends", async () => {
    const res = await rawPost('/api/checkout/cash/', '{}', { 'x-request-id': 'evil-id', 'x-forwarded-for': '10.9.9.9', 'x-kassa-client-address': '10.8.8.8' });
    const { headers } = res.json.result;
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers['x-kassa-client-address']).toBe('127.0.0.1');
  });

  it("logs a client's X-Request-Id as clientRequestId on every line of the request, beside the gateway's own id", async () => {
    const res = await rawPost('/api/checkout/cash/', '{}', { 'x-request-id': 'till-7-sale-42' });
    const ownId = res.json.result.headers['x-request-id'];
    // "request completed" is written when the response has finished, which can be just after the client has it all.
    await logLine((line) => line.reqId === ownId && line.msg === 'request completed');
    const lines = logLines.filter((line) => line.reqId === ownId);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.filter((line) => line.clientRequestId !== 'till-7-sale-42')).toEqual([]);
    expect(logLines.filter((line) => line.reqId === 'till-7-sale-42')).toEqual([]);
  });

  it('keys the sign-in flood guard on the connection, so rotating X-Forwarded-For does not get past it', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 125; i++) answers.push((await post('/api/login/', '{}', { 'x-forwarded-for': `10.0.0.${i}` })).status);
    expect(answers.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(answers.slice(120)).toEqual([429, 429, 429, 429, 429]);
  });

  it('answers 404 for a specs name that is not a service, also a prototype name', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'nope']) {
      const res = await fetch(`${gatewayUrl}/api/docs/specs/${name}.json`);
      expect(res.status, name).toBe(404);
    }
  });

  it('cuts off a service that trickles its body past the overall deadline, instead of waiting for each pause', async () => {
    const res = await fetch(`${gatewayUrl}/api/products/`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it('gives up on a service that does not answer with 504 in the wrapper', async () => {
    const res = await fetch(`${gatewayUrl}/api/transactions/card/abc/status/`);
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ error: true, errorCode: 504, errorIdentifier: 'service_unavailable' });
  });
});
