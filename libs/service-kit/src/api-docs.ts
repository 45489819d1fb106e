import { ApiError } from '@kassa/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { authGuardKind, type AuthGuardKind } from './auth';

/** A route as registered, for the test that /api/docs leaves none out. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const registered = new WeakMap<object, RegisteredRoute[]>();

/** Notes every route registered on `app` from now on (call it before any route). */
export function recordRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  registered.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) list.push({ method: String(method), url: route.url });
  });
}

/** The routes `recordRoutes` noted on `app`. */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => [...(registered.get(app) ?? [])];

const hooks = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Which token a route asks for, from its auth guards (`onRequest`; checkout's sale, `preValidation`). */
export function routeAuth(route: Pick<RouteOptions, 'onRequest' | 'preValidation'>): AuthGuardKind | null {
  const kinds = [...hooks(route.onRequest), ...hooks(route.preValidation)].map(authGuardKind).filter((k): k is AuthGuardKind => k !== null);
  if (kinds.includes('token')) return 'token';
  return kinds.includes('internal') ? 'internal' : null;
}

/** Error answers in the SPEC 7 wrapper, each with what it means. */
const ANSWERS = {
  401: ApiError.describe('invalid_access_token: no token, or one that is expired, logged out or of a removed user.'),
  403: ApiError.describe('insufficient_permissions: the token lacks the right (admin, capability); tfa_required: two-factor sign-in must be set up first.'),
  404: ApiError.describe('not_found: no record with this id (or not one of yours).'),
  409: ApiError.describe("conflict (or a more precise identifier): the change does not fit the record's current state; the message says why."),
  422: ApiError.describe('validation_error: the input breaks the contract; `detail` holds one line per problem (loc, msg, type).'),
  503: ApiError.describe('service_unavailable: the database or queue server is away for a moment; try again.'),
};
/** For a route that describes no success answer of its own. */
const SUCCESS = z.unknown().describe('Success');

/**
 * The error answers a route can give, from what it is: a token (401, 403), path parameters (404), input to validate
 * (422), a change (409). A route that names an error answer itself keeps its own.
 */
export function errorAnswers(route: { method: string | string[]; url: string; schema?: Record<string, unknown> }, auth: AuthGuardKind | null) {
  const schema = route.schema ?? {};
  const methods = [route.method].flat().map((m) => String(m).toUpperCase());
  const answers: Partial<Record<keyof typeof ANSWERS, z.ZodType>> = {};
  if (auth === 'token') {
    answers[401] = ANSWERS[401];
    answers[403] = ANSWERS[403];
  }
  if (route.url.includes(':')) answers[404] = ANSWERS[404];
  if (methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE')) answers[409] = ANSWERS[409];
  if (schema.body || schema.querystring || schema.params) answers[422] = ANSWERS[422];
  answers[503] = ANSWERS[503];
  return answers;
}

/**
 * The OpenAPI of a route as /api/docs shows it (createServiceApp's @fastify/swagger transform): its own zod schemas,
 * plus whether it needs a bearer token and every error answer it can give, from the route itself, so a route added
 * later is documented without a list to keep. Service-to-service routes (the internal token) are left out.
 */
export function documentRoute(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const route = (input as unknown as { route: RouteOptions }).route;
  const schema = (input.schema ?? {}) as Record<string, unknown>;
  const auth = routeAuth(route);
  if (schema.hide || auth === 'internal' || input.url.startsWith('/internal/')) return { schema: { ...schema, hide: true }, url: input.url };
  const own = (schema.response ?? {}) as Record<string, unknown>;
  const documented = {
    ...schema,
    response: { ...(Object.keys(own).some((code) => code.startsWith('2')) ? {} : { 200: SUCCESS }), ...errorAnswers({ method: route.method, url: input.url, schema }, auth), ...own },
    ...(auth === 'token' ? { security: [{ bearer: [] }] } : { security: [] }),
  };
  return jsonSchemaTransform({ ...input, schema: documented } as Parameters<typeof jsonSchemaTransform>[0]);
}
