import { registeredRoutes, type ServiceApp } from '@kassa/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { buildGateway } from '../app';
import { GatewayEnv } from '../config';
import { liveFeed } from '../live/live-feed';
import { ROUTE_TABLE, type ServiceName } from '../route-table';
import { ACCESS_RULES } from '../security/access-rules';
import { DOCS_PREFIX, MERGED_SPEC_PATH } from './api-docs';

/**
 * /api/docs against the routes really registered: the four services and the gateway with its live feed, on the run's
 * FerretDB and Redis. Every public route must be in the one document, with whether it needs a token and its error
 * answers in the SPEC 7 wrapper; nothing under /internal/.
 */
interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
const PROXIED = new Set(ROUTE_TABLE.flatMap(({ prefix }) => [prefix, `${prefix}/`, `${prefix}/*`]));
const WRAPPER = ['error', 'errorCode', 'errorIdentifier', 'errorMessage', 'result'];

describe('/api/docs: every route, its error answers and whether it needs a token', () => {
  let s: CheckoutStack;
  let gateway: FastifyInstance;
  let apps: Record<ServiceName, ServiceApp>;
  let doc: Doc;
  /** `METHOD /path` of every public route registered, and where. */
  const routes = new Map<string, string>();

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { card: true });
    apps = { accounts: s.accounts, catalog: s.catalog, checkout: s.app, payments: s.payments! };
    const url = (app: ServiceApp) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const env = GatewayEnv.parse({
      LOG_LEVEL: 'silent',
      ACCOUNTS_URL: url(apps.accounts),
      CATALOG_URL: url(apps.catalog),
      CHECKOUT_URL: url(apps.checkout),
      PAYMENTS_URL: url(apps.payments),
      SHELL_DIST: '',
      QUEUE_PREFIX: s.env.QUEUE_PREFIX,
    });
    gateway = await buildGateway(env, { plugins: [liveFeed(env.REDIS_URL, env.QUEUE_PREFIX)] });

    for (const [service, app] of Object.entries(apps)) {
      for (const r of registeredRoutes(app)) {
        if (r.method === 'HEAD' || !r.url.startsWith('/api/')) continue;
        routes.set(`${r.method} ${openApiPath(r.url)}`, service);
      }
    }
    for (const r of registeredRoutes(gateway)) {
      const own = (r.url.startsWith('/api/') || r.url === '/remotes.json') && !r.url.startsWith(DOCS_PREFIX) && !PROXIED.has(r.url);
      if (r.method === 'HEAD' || !own) continue;
      routes.set(`${r.method} ${openApiPath(r.url)}`, 'gateway');
    }
    const res = await gateway.inject({ method: 'GET', url: MERGED_SPEC_PATH });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await gateway?.close();
    await s.close();
  });

  const operation = (key: string): Operation | undefined => {
    const [method, path] = key.split(' ') as [string, string];
    return doc.paths[path]?.[method.toLowerCase()];
  };

  it('lists every route of every service and of the gateway, the live feed included, and nothing internal', () => {
    expect(routes.size).toBeGreaterThan(60);
    expect([...routes.values()]).toEqual(expect.arrayContaining(['accounts', 'catalog', 'checkout', 'payments', 'gateway']));
    const missing = [...routes].filter(([key]) => !operation(key)).map(([key, where]) => `${key} (${where})`);
    expect(missing, 'registered routes missing from /api/docs').toEqual([]);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/') && p !== '/remotes.json')).toEqual([]);
    expect(routes.get('POST /api/admin/ideal/{id}/check/')).toBe('payments');

    const live = operation('GET /api/live/transactions');
    expect(live?.responses?.['200']?.content).toHaveProperty(['text/event-stream']);
    expect(live?.security).toEqual([]);
  });

  it('marks each route that needs a token, exactly as the access rules say, with its 401 and 403', () => {
    const wrong: string[] = [];
    for (const [key, where] of routes) {
      const op = operation(key);
      if (!op) continue;
      const rule = where === 'gateway' ? { kind: 'public' } : (ACCESS_RULES[key.replace('{method}', 'cash')] ?? ACCESS_RULES[key]);
      if (!rule) {
        wrong.push(`${key}: no access rule`);
        continue;
      }
      const needsToken = rule.kind !== 'public';
      const documented = (op.security ?? []).some((req) => 'bearer' in req);
      if (documented !== needsToken) wrong.push(`${key}: token ${documented ? 'documented' : 'not documented'}, rule ${rule.kind}`);
      for (const code of ['401', '403']) if (needsToken && !op.responses?.[code]) wrong.push(`${key}: no ${code}`);
      if (!needsToken && op.responses?.['401']) wrong.push(`${key}: 401 on a public route`);
    }
    expect(wrong).toEqual([]);
  });

  it('gives each route its error answers in the SPEC 7 wrapper: 404 for an id, 409 for a change, 422 for input', () => {
    const wrong: string[] = [];
    for (const key of routes.keys()) {
      const op = operation(key);
      if (!op) continue;
      const [method, path] = key.split(' ') as [string, string];
      const codes = Object.keys(op.responses ?? {});
      const expected = [
        ...(path.includes('{') ? ['404', '422'] : []),
        ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && routes.get(key) !== 'gateway' ? ['409'] : []),
        '503',
      ];
      for (const code of expected) if (!codes.includes(code)) wrong.push(`${key}: no ${code}`);
      for (const code of codes.filter((c) => Number(c) >= 400)) {
        const schema = op.responses![code]!.content?.['application/json']?.schema;
        if (!WRAPPER.every((field) => schema?.properties && field in schema.properties)) wrong.push(`${key}: ${code} is not in the wrapper`);
        if (!op.responses![code]!.description) wrong.push(`${key}: ${code} says nothing`);
      }
    }
    expect(wrong).toEqual([]);
    // A route with a body documents what a bad one gets.
    expect(operation('POST /api/admin/products/')?.responses).toHaveProperty(['422']);
    expect(operation('GET /api/admin/ideal/')?.responses).toHaveProperty(['422']);
  });

  it("gives one service's public part on /api/docs/specs/{service}.json, without its internal routes", async () => {
    const res = await gateway.inject({ method: 'GET', url: `${DOCS_PREFIX}/specs/accounts.json` });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/login/');
    expect(paths.filter((p) => p.startsWith('/internal'))).toEqual([]);
    // The services keep /internal/ routes out of their own document as well.
    const own = apps.accounts.swagger() as Doc;
    expect(Object.keys(own.paths).filter((p) => p.startsWith('/internal'))).toEqual([]);
    expect((await gateway.inject({ method: 'GET', url: DOCS_PREFIX })).statusCode).toBeLessThan(400);
  });
});
