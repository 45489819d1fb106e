import Fastify, { type FastifyInstance } from 'fastify';
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

  it('answers in the wrapper with 503 within a second when a service is down', async () => {
    const started = Date.now();
    const res = await gateway.inject({ method: 'GET', url: '/api/transactions/abc/' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: true, errorCode: 503, errorIdentifier: 'service_unavailable', result: null });
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
