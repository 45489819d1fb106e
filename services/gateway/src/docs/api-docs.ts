import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ApiError, apiError } from '@kassa/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { ROUTE_TABLE, type ServiceName } from '../route-table';

export const DOCS_PREFIX = '/api/docs';
/** The one OpenAPI document of Kassa: the gateway's own routes and every service's public ones. */
export const MERGED_SPEC_PATH = `${DOCS_PREFIX}/openapi.json`;

interface OpenApiDoc {
  openapi?: string;
  info?: unknown;
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string }[];
}

const errorJson = (description: string): Record<string, unknown> => ({ ...(z.toJSONSchema(ApiError) as Record<string, unknown>), description });
const PROXIED = new Set(ROUTE_TABLE.flatMap(({ prefix }) => [prefix, `${prefix}/`, `${prefix}/*`]));

/**
 * What /api/docs shows of the gateway's own routes: the public API ones (health, readiness, the platform, the live
 * feed) and the remotes map, never the proxied prefixes (the services document those routes themselves), the shell's
 * pages or the docs. None needs a token; each may answer 503 in the wrapper.
 */
function documentGatewayRoute({ schema, url }: { schema?: FastifySchema; url: string }) {
  const own = (schema ?? {}) as Record<string, unknown>;
  const shown = (url.startsWith('/api/') || url === '/remotes.json') && !url.startsWith(DOCS_PREFIX) && !PROXIED.has(url);
  if (!shown) return { schema: { ...own, hide: true }, url };
  const response = (own.response ?? { 200: { description: 'Success' } }) as Record<string, unknown>;
  return {
    schema: {
      tags: ['gateway'],
      ...own,
      security: [],
      response: { ...response, 503: errorJson('service_unavailable: a service behind the gateway is down or not ready.') },
    },
    url,
  };
}

/** Registers @fastify/swagger on the gateway: before any route, so every one of them is seen. */
export async function gatewaySwagger(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kassa', version: '0.1.0', description: 'Every route of Kassa as the browser reaches it through the gateway.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: documentGatewayRoute,
  });
}

const isPublic = (path: string) => path.startsWith('/api/') || path === '/remotes.json';

/**
 * One document of every public route: the gateway's own and each service's (service-to-service routes under
 * /internal/ are left out, also if a service documented one). Schemas of the same name are the same contract.
 */
export function mergeApiDocs(gateway: OpenApiDoc, services: Partial<Record<ServiceName, OpenApiDoc>>): OpenApiDoc {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = { ...(gateway.components?.schemas ?? {}) };
  const tags = new Map<string, { name: string }>((gateway.tags ?? []).map((t) => [t.name, t]));
  for (const doc of [gateway, ...Object.values(services)]) {
    if (!doc) continue;
    for (const [path, ops] of Object.entries(doc.paths ?? {})) {
      if (!isPublic(path)) continue;
      paths[path] = { ...(paths[path] ?? {}), ...ops };
    }
    Object.assign(schemas, doc.components?.schemas ?? {});
    for (const t of doc.tags ?? []) tags.set(t.name, t);
  }
  return {
    openapi: gateway.openapi ?? '3.0.3',
    info: gateway.info,
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    ...(tags.size ? { tags: [...tags.values()] } : {}),
  };
}

/** Strips what a service's own document shows that /api/docs must not: its /internal/ routes. */
export const publicPart = (doc: OpenApiDoc): OpenApiDoc => ({
  ...doc,
  paths: Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => isPublic(path))),
});

/**
 * /api/docs: the Swagger UI on the merged document (MERGED_SPEC_PATH), which asks each service for its OpenAPI at
 * the moment it is loaded, so a route a service adds shows without a change here; /api/docs/specs/{service}.json
 * gives one service's public part.
 */
export async function apiDocs(app: FastifyInstance, targets: Record<ServiceName, string>, timeoutMs: number) {
  const services = Object.keys(targets) as ServiceName[];
  // A service builds its document on the first ask (0.1-0.2 s idle, seconds on a busy machine): the same deadline as
  // any request sent on to a service.
  const fetchSpec = async (service: ServiceName): Promise<OpenApiDoc> => {
    const res = await fetch(new URL('/openapi.json', targets[service]), { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`${service} answered ${res.status}`);
    return (await res.json()) as OpenApiDoc;
  };

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: {
      urls: [{ name: 'Kassa (every route)', url: MERGED_SPEC_PATH }, ...services.map((s) => ({ name: s, url: `${DOCS_PREFIX}/specs/${s}.json` }))],
    },
  } as Parameters<typeof swaggerUi>[1]);

  app.get(MERGED_SPEC_PATH, async (_request, reply) => {
    const found = await Promise.all(services.map(async (s) => [s, await fetchSpec(s).catch(() => undefined)] as const));
    const missing = found.filter(([, doc]) => !doc).map(([s]) => s);
    if (missing.length) return reply.code(503).send(apiError(503, 'service_unavailable', `Not available now: ${missing.join(', ')}.`));
    return mergeApiDocs(app.swagger() as OpenApiDoc, Object.fromEntries(found));
  });

  app.get<{ Params: { service: string } }>(`${DOCS_PREFIX}/specs/:service.json`, async (request, reply) => {
    const service = request.params.service as ServiceName;
    if (!Object.hasOwn(targets, service)) return reply.code(404).send(apiError(404, 'not_found', 'Unknown service'));
    try {
      return publicPart(await fetchSpec(service));
    } catch {
      return reply.code(503).send(apiError(503, 'service_unavailable', `The ${service} service is unavailable.`));
    }
  });
}
