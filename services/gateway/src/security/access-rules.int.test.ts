import { ALL_ADMIN_ROLES, hasCapabilities, type AdminRole, type Capability } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { ROUTE_TABLE, type ServiceName } from '../route-table';
import { ACCESS_RULES, type Access } from './access-rules';

/**
 * Every public route of every service, called anonymously and as every demo user, against the access rules; then
 * malformed bodies, queries and headers thrown at every route. Runs the real four services on the run's FerretDB.
 */
interface Route {
  service: ServiceName;
  method: string;
  path: string;
}
interface Persona {
  name: string;
  token: string | null;
  capabilities: Capability[];
  isAdmin: boolean;
  roles: AdminRole[];
}

const CHECKOUT_METHODS = ['cash', 'card', 'account', 'self', 'other'];

function allowed(rule: Access, p: Persona): boolean {
  if (rule.kind === 'public') return true;
  if (p.token === null) return false;
  switch (rule.kind) {
    case 'signed-in':
      return true;
    case 'admin':
      return p.isAdmin;
    case 'role':
      return p.isAdmin && rule.roles.some((r) => p.roles.includes(r));
    case 'all':
      return hasCapabilities(p.capabilities, rule.caps);
    case 'any':
      return rule.caps.some((c) => p.capabilities.includes(c));
  }
}

/** The service the gateway sends a path to: the longest matching prefix of its route table. */
function gatewayService(path: string): ServiceName | undefined {
  const matches = ROUTE_TABLE.filter(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  return matches.sort((a, b) => b.prefix.length - a.prefix.length)[0]?.service;
}

const concrete = (path: string) => path.replace(/\{id\}/g, new Types.ObjectId().toHexString());

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** A property's JSON type as the route's OpenAPI schema gives it (the first non-null one of a union). */
function typeOf(schema: JsonSchema): string {
  const own = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (own) return own;
  const member = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map(typeOf).find((t) => t !== 'null' && t !== 'unknown');
  return member ?? 'unknown';
}

/** A value of a type the property does not take. */
function wrongType(type: string): unknown {
  switch (type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'abc';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { nested: [1, 'x', null] };
  }
}

/** Far past any field's maximum, yet small enough that the fields of one body stay under the 256 kB body limit. */
const HUGE = 'x'.repeat(20_000);
/** A body past the services' 256 kB limit. */
const OVERSIZED = JSON.stringify({ name: 'x'.repeat(300 * 1024) });

/**
 * The fixed junk thrown at each mutating admin route, built from its own body schema: raw text that is not JSON,
 * JSON that is not an object, an empty object, every field of the wrong type, every string huge, every number
 * negative, fractional or enormous, every id field (and the path id) an id that does not exist or is not an id.
 */
function junkBodies(fields: Record<string, string>): { label: string; payload: string }[] {
  const entries = Object.entries(fields);
  const each = (f: (type: string, name: string) => unknown) => JSON.stringify(Object.fromEntries(entries.map(([name, type]) => [name, f(type, name)])));
  const numbers = (n: number) => each((type) => (type === 'number' || type === 'integer' ? n : type === 'string' ? '1' : type === 'boolean' ? true : type === 'array' ? [] : {}));
  return [
    { label: 'not JSON', payload: '{"name": "unterminated' },
    { label: 'a JSON string', payload: '"just a string"' },
    { label: 'a JSON list', payload: '[1, 2, 3]' },
    { label: 'JSON null', payload: 'null' },
    { label: 'a number', payload: '42' },
    { label: 'an empty object', payload: '{}' },
    { label: 'unknown fields only', payload: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {}}, "zzz": 1}' },
    { label: 'wrong types', payload: each((type) => wrongType(type)) },
    { label: 'huge strings', payload: each((type) => (type === 'number' || type === 'integer' ? 1 : HUGE)) },
    { label: 'a body past the size limit', payload: OVERSIZED },
    { label: 'negative numbers', payload: numbers(-1) },
    { label: 'fractional numbers', payload: numbers(0.5) },
    { label: 'enormous numbers', payload: numbers(1e308) },
    { label: 'unknown ids', payload: each((type, name) => (/id$/i.test(name) ? new Types.ObjectId().toHexString() : wrongType(type))) },
    { label: 'ids that are not ids', payload: each((type, name) => (/id$/i.test(name) ? '../../etc/passwd' : wrongType(type))) },
  ];
}

describe('security: access rules and malformed input on every route', () => {
  let s: CheckoutStack;
  let apps: Record<ServiceName, ServiceApp>;
  const routes: Route[] = [];
  const personas: Persona[] = [];
  /** Each route's body fields and their JSON types, from its OpenAPI schema. */
  const bodyFields = new Map<string, Record<string, string>>();

  const login = async (username: string) =>
    (await s.accounts.inject({ method: 'POST', url: '/api/login/', payload: { username, password: username } })).json().result.access_token as string;

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { card: true });
    apps = { accounts: s.accounts, catalog: s.catalog, checkout: s.app, payments: s.payments! };
    for (const [service, app] of Object.entries(apps) as [ServiceName, ServiceApp][]) {
      const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
      for (const [path, ops] of Object.entries(spec.paths)) {
        if (!path.startsWith('/api/')) continue;
        for (const method of Object.keys(ops).map((m) => m.toUpperCase())) {
          const schema = (ops[method.toLowerCase()] as Operation).requestBody?.content?.['application/json']?.schema;
          bodyFields.set(`${method} ${path}`, Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, prop]) => [name, typeOf(prop)])));
          if (path.includes('{method}')) for (const m of CHECKOUT_METHODS) routes.push({ service, method, path: path.replace('{method}', m) });
          else routes.push({ service, method, path });
        }
      }
    }
    personas.push({ name: 'anonymous', token: null, capabilities: [], isAdmin: false, roles: [] });
    // One administrator per role beside the demo admin (every role), made as the board makes them.
    const adminToken = await login('admin');
    for (const r of ALL_ADMIN_ROLES) {
      const made = await s.accounts.inject({ method: 'POST', url: '/api/admin/users/', headers: { authorization: `Bearer ${adminToken}` }, payload: { username: `rol-${r.replace('_', '-')}`, password: `rol-${r.replace('_', '-')}`, isAdmin: true, roles: [r] } });
      expect(made.statusCode).toBe(200);
      expect(made.json().result.roles).toEqual([r]);
    }
    for (const username of ['till', 'bar', 'member', 'newbie', 'admin', ...ALL_ADMIN_ROLES.map((r) => `rol-${r.replace('_', '-')}`)]) {
      const token = await login(username);
      const claims = s.accounts.jwt.decode<{ capabilities: Capability[]; isAdmin: boolean; roles?: AdminRole[] }>(token)!;
      personas.push({ name: username, token, capabilities: claims.capabilities, isAdmin: claims.isAdmin, roles: claims.roles ?? [] });
    }
    expect(personas.find((p) => p.name === 'admin')!.roles).toEqual([...ALL_ADMIN_ROLES]);
  });
  afterAll(async () => {
    await s.close();
  });

  it('has an access rule for every public route, and the gateway routes each to the service that serves it', () => {
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((r) => !ACCESS_RULES[`${r.method} ${r.path}`]).map((r) => `${r.method} ${r.path}`);
    expect(missing, 'routes without an access rule in services/gateway/src/security/access-rules.ts').toEqual([]);
    const stale = Object.keys(ACCESS_RULES).filter((key) => !routes.some((r) => `${r.method} ${r.path}` === key));
    expect(stale, 'access rules for routes that no longer exist').toEqual([]);
    const misrouted = routes.filter((r) => gatewayService(r.path) !== r.service).map((r) => `${r.method} ${r.path} (${r.service})`);
    expect(misrouted, 'routes the gateway would send to another service').toEqual([]);
  });

  it('serves the invoice routes from checkout, for administrators only', () => {
    const invoices = routes.filter((r) => r.path.startsWith('/api/admin/invoices')).map((r) => `${r.method} ${r.path} (${r.service})`);
    expect(invoices.sort()).toEqual(
      [
        'DELETE /api/admin/invoices/{id}/',
        'GET /api/admin/invoices/',
        'GET /api/admin/invoices/preview/',
        'GET /api/admin/invoices/{id}/',
        'GET /api/admin/invoices/{id}/pdf',
        'POST /api/admin/invoices/',
        'POST /api/admin/invoices/{id}/credit/',
        'POST /api/admin/invoices/{id}/finalise/',
        'POST /api/admin/invoices/{id}/pay/',
        'PUT /api/admin/invoices/{id}/',
      ].map((r) => `${r} (checkout)`),
    );
    // Every admin reads them; only the treasurer changes them.
    for (const r of invoices.map((i) => i.replace(' (checkout)', ''))) {
      expect(ACCESS_RULES[r], r).toEqual(r.startsWith('GET ') ? { kind: 'admin' } : { kind: 'role', roles: ['treasurer'] });
    }
  });

  it('answers every route as the rules say: 401 without a token, 403 without the capability, otherwise neither', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const rule = ACCESS_RULES[`${route.method} ${route.path}`];
      if (!rule) continue;
      for (const p of personas) {
        // Logging out ends the token it is called with: use a sign-in of its own, so the persona's goes on.
        const token = route.path === '/api/logout/' && p.token ? await login(p.name) : p.token;
        const res = await apps[route.service].inject({
          method: route.method as 'GET',
          url: concrete(route.path),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const may = allowed(rule, p);
        const expected = may ? 'not 401/403' : p.token ? 403 : 401;
        const ok = may ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === expected;
        if (!ok || res.statusCode >= 500) wrong.push(`${route.method} ${route.path} as ${p.name}: ${res.statusCode}, expected ${expected}`);
        if (!may) {
          expect(res.json()).toMatchObject({ error: true, errorIdentifier: p.token ? 'insufficient_permissions' : 'invalid_access_token' });
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a tampered, expired or expiry-less token, and one of a user that does not exist', async () => {
    const admin = personas.find((p) => p.name === 'admin')!.token!;
    const [head, body, sig] = admin.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, username: 'mallory' })).toString('base64url')}.${sig}`;
    const expired = s.accounts.jwt.sign({ ...claims, iat: 1_600_000_000, exp: 1_600_000_100 });
    const { exp: _exp, ...noExp } = claims;
    const resigned = (payload: object) => {
      const head64 = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
      const body64 = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${head64}.${body64}.${createHmac('sha256', s.env.JWT_SECRET).update(`${head64}.${body64}`).digest('base64url')}`;
    };
    const forever = resigned(noExp);
    const ghost = resigned({ ...claims, sub: new Types.ObjectId().toHexString() });
    expect((await s.accounts.inject({ method: 'GET', url: '/api/admin/settings/', headers: { authorization: `Bearer ${resigned(claims)}` } })).statusCode).toBe(200);
    for (const token of [forged, expired, 'not-a-token', forever, ghost]) {
      const res = await s.accounts.inject({ method: 'GET', url: '/api/admin/settings/', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().errorIdentifier).toBe('invalid_access_token');
    }
  });

  it('answers a fixed set of junk bodies on every mutating admin route with the SPEC 7 wrapper, never a 5xx', async () => {
    const admin = personas.find((p) => p.name === 'admin')!.token!;
    const adminRoutes = routes.filter((r) => r.method !== 'GET' && ['admin', 'role'].includes(ACCESS_RULES[`${r.method} ${r.path}`]?.kind ?? ''));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(25);
    const failures: string[] = [];
    let calls = 0;
    for (const route of adminRoutes) {
      const fields = bodyFields.get(`${route.method} ${route.path}`) ?? {};
      const urls = route.path.includes('{id}') ? [concrete(route.path), route.path.replace(/\{id\}/g, 'not-an-id')] : [route.path];
      for (const url of urls) {
        for (const { label, payload } of junkBodies(fields)) {
          calls += 1;
          const res = await apps[route.service].inject({ method: route.method as 'POST', url, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload });
          const where = `${route.method} ${url} with ${label}`;
          if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode === 204) continue;
          let body: { error?: unknown; errorCode?: unknown; errorIdentifier?: unknown; errorMessage?: unknown; result?: unknown } | null;
          try {
            body = res.json();
          } catch {
            failures.push(`${where}: not JSON: ${res.body.slice(0, 200)}`);
            continue;
          }
          const wrapped =
            body !== null &&
            typeof body.error === 'boolean' &&
            body.errorCode === res.statusCode &&
            'result' in body &&
            (body.error ? typeof body.errorIdentifier === 'string' && typeof body.errorMessage === 'string' : true);
          if (!wrapped) failures.push(`${where}: ${res.statusCode} not in the wrapper: ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(adminRoutes.length * 10);
    expect(failures).toEqual([]);
  });

  it('answers malformed bodies, queries and headers on every route with a 4xx in the wrapper, never a 5xx', async () => {
    const admin = personas.find((p) => p.name === 'admin')!;
    const junk = fc.oneof(
      fc.anything({ maxDepth: 3 }),
      fc.dictionary(fc.constantFrom('products', 'amount', 'pin', 'nonce', 'account_id', 'page', 'perPage', 'status', 'code', 'username', 'password', '__proto__', 'constructor'), fc.anything({ maxDepth: 2 })),
    );
    const query = fc.dictionary(fc.constantFrom('page', 'perPage', 'since', 'redirect_uri', 'state', 'status', 'day', 'method'), fc.string({ maxLength: 12 }), { maxKeys: 3 });
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), junk, query, fc.constantFrom<string | null>(admin.token, null, 'garbage'), fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'), async (route, body, q, given, contentType) => {
        // A logout would end the admin token the rest of the run uses.
        const token = route.path === '/api/logout/' && given === admin.token ? await login('admin') : given;
        const search = new URLSearchParams(q).toString();
        let payload: string | undefined;
        try {
          payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : JSON.stringify(body);
        } catch {
          payload = '{"unserialisable":';
        }
        const res = await apps[route.service].inject({
          method: route.method as 'GET',
          url: `${concrete(route.path)}${search ? `?${search}` : ''}`,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload === undefined ? {} : { 'content-type': contentType }) },
          ...(payload === undefined ? {} : { payload }),
        });
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.path} ${res.statusCode} ${res.body.slice(0, 200)} <- ${payload} ?${search}`);
        if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
          const json = res.json();
          if (json.error !== true || typeof json.errorIdentifier !== 'string') failures.push(`${route.method} ${route.path}: not in the wrapper: ${res.body.slice(0, 200)}`);
        }
        return true;
      }),
      { numRuns: 600, seed: 20261122 },
    );
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
