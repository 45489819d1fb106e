import cors from '@fastify/cors';
import proxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { apiError, CLIENT_ADDRESS_HEADER, ok, UNHANDLED_HEADER } from '@kassa/contracts';
import { REMOTE_FOLDERS } from '@kassa/contracts/remote-routes';
import { BODY_LIMIT, connectionFailure, isReady, isTraining, recordRoutes, ServiceReplicas } from '@kassa/service-kit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayEnv } from './config';
import { apiDocs, gatewaySwagger } from './docs/api-docs';
import { preloadLinks } from './preload-hints';
import { REMOTES_MAP_PATH, RemotesMap } from './remotes';
import { isRepeatablePost, ROUTE_TABLE, upstreams, type ServiceName } from './route-table';
import { UpstreamDeadlineError, UpstreamDeadlines } from './upstream-deadline';

const NO_CACHE = 'no-cache';
/** The services' own body limit (BODY_LIMIT) is enforced here too, on the bytes as they arrive (chunked ones as well). */
const TOO_LARGE = `The request is too large: at most ${BODY_LIMIT / 1024} KB.`;

export interface GatewayOptions {
  /** Extra routes (the live feed) registered by the server entry. */
  plugins?: ((app: FastifyInstance) => Promise<void> | void)[];
  /** Where the log lines go (standard output when unset); tests read them. */
  logStream?: { write: (line: string) => void };
}

export async function buildGateway(env: GatewayEnv, opts: GatewayOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: env.LOG_LEVEL, base: { service: 'gateway' }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // The gateway makes every request id itself: an id a client sends is logged beside it, never used as it.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // ... and every line of the request, from "incoming request" to "request completed", carries it as clientRequestId.
    childLoggerFactory: (logger, bindings, options, raw) => {
      const clientId = raw.headers['x-request-id'];
      return logger.child(typeof clientId === 'string' ? { ...bindings, clientRequestId: clientId.slice(0, 100) } : bindings, options);
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreDuplicateSlashes: true },
  });
  // /api/docs documents every route registered from here on (docs/api-docs.ts; api-docs.int.test.ts checks it).
  recordRoutes(app);
  await gatewaySwagger(app);

  // The remotes map as it is now (REMOTES_FILE may change at run time): /remotes.json hands it out, and every response's
  // content security policy allows exactly its origins, worked out per response from that same map.
  const remotes = new RemotesMap(env, (msg) => app.log.warn(msg));
  const remoteSources = () => remotes.origins().join(' ') || "'self'";
  const extraOrigins = [remoteSources];
  // `npm run dev`: the dev servers' hot-update clients talk over WebSockets to their own ports.
  const devSockets = env.SHELL_DEV_URL ? [env.SHELL_DEV_URL, ...remotes.origins()].map((u) => new URL(u).origin.replace(/^http/, 'ws')) : [];
  // Helmet's headers on every response, its middleware built once. @fastify/helmet 13 calls helmet(options) for every
  // response, which builds each of its middlewares and parses the policy again: the gateway's CPU per sale was 2.66 ms
  // with it and 2.55 ms with this (medians, the cost-per-sale bench (now a level of bench/checkout), 3 runs each way taking turns, every run of this one
  // lower than the run after it). The policy's remote origins are still worked out per response.
  const secureHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extraOrigins],
        connectSrc: ["'self'", ...extraOrigins, ...devSockets],
        styleSrc: ["'self'", "'unsafe-inline'", ...extraOrigins],
        imgSrc: ["'self'", 'data:', ...extraOrigins],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => secureHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  await app.register(cors, {
    origin: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((s) => s.trim()) : false,
    credentials: false,
  });
  // A flood guard on sign-in per client address (a bar's tills and members behind one NAT stay well below it); wrong
  // passwords are limited per username at an address and per address by the accounts service, PIN tries per account.
  await app.register(rateLimit, {
    global: true,
    max: env.LOGIN_RATE_LIMIT,
    timeWindow: '1 minute',
    allowList: (request) => !(request.url.startsWith('/api/login') && request.method === 'POST'),
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (clientGone(err, reply)) {
      // A till losing Wi-Fi or a load generator stopping: normal traffic, nobody left to answer, no stack to read.
      request.log.info({ reason: err.code ?? err.name }, 'client closed the connection before the answer');
      return;
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(apiError(429, 'too_many_requests', 'Too many attempts, please wait a minute and try again.'));
    if (status === 413) return tooLarge(reply);
    if (status < 500) return reply.code(status).send(apiError(status, 'validation_error', err.message));
    request.log.error({ err }, 'gateway error');
    return reply.code(502).send(apiError(502, 'bad_gateway', 'The Kassa server had a problem. Please try again.'));
  });

  // A declared length over the limit is answered before a byte of the body is read; a chunked body is counted as it
  // arrives by the body parser of the proxy routes below (413 from Fastify's FST_ERR_CTP_BODY_TOO_LARGE).
  app.addHook('onRequest', async (request, reply) => {
    const length = Number(request.headers['content-length']);
    if (length > BODY_LIMIT) return tooLarge(reply);
  });

  app.get('/api/health', { schema: { summary: 'The gateway is up' } }, async () => ({ status: 'ok', service: 'gateway' }));
  // Ready when every service behind it has a replica that says it is ready (its database and queues answer): what an
  // operator or a load balancer asks before sending tills here.
  const targets = upstreams(env);
  app.get('/api/ready', { schema: { summary: 'Every service behind the gateway is ready (503 naming those that are not)' } }, async (_req, reply) => {
    const waiting = (
      await Promise.all(
        (Object.keys(targets) as ServiceName[]).map(async (service) => {
          const answers = await Promise.all(
            targets[service].map((url) => isReady(url, 2000)),
          );
          return answers.some(Boolean) ? undefined : service;
        }),
      )
    ).filter(Boolean);
    if (waiting.length) return reply.code(503).send(apiError(503, 'service_unavailable', `Not ready: ${waiting.join(', ')}.`));
    return { status: 'ready', service: 'gateway' };
  });
  // Public: the shell shows "Training: no real money" on every page, the sign-in page too.
  app.get('/api/platform/', { schema: { summary: 'Whether this is a training (no real money) installation' } }, async () => ok({ training: isTraining(env) }));
  app.get(REMOTES_MAP_PATH, { schema: { summary: 'Where the shell loads each remote front-end from' } }, async (_req, reply) => reply.header('cache-control', NO_CACHE).send(remotes.current()));

  // A hung or trickling service: the client's request has UPSTREAM_TIMEOUT_MS in all (upstream-deadline.ts).
  const deadlines = new UpstreamDeadlines(env.UPSTREAM_TIMEOUT_MS);
  // One dispatcher per service, shared by its prefixes: several replicas are balanced over (replicas.ts).
  const replicas = Object.fromEntries(
    (Object.keys(targets) as ServiceName[]).map((service) => [
      service,
      new ServiceReplicas(
        targets[service],
        {
          connections: 128,
          pipelining: 1,
          keepAliveTimeout: 30_000,
          connectTimeout: 1000,
          headersTimeout: env.UPSTREAM_TIMEOUT_MS,
          bodyTimeout: env.UPSTREAM_TIMEOUT_MS,
        },
        (dispatcher) => deadlines.wrap(dispatcher),
      ),
    ]),
  ) as Record<ServiceName, ServiceReplicas>;
  app.addHook('onClose', async () => {
    await Promise.all(Object.values(replicas).map((r) => r.close()));
  });
  for (const { prefix, service } of ROUTE_TABLE) {
    const proxyOptions: FastifyHttpProxyOptions = {
      // With a BalancedPool the pool picks the replica; this address only checks that paths stay under the prefix.
      upstream: replicas[service].origins[0]!,
      prefix,
      rewritePrefix: prefix,
      http2: false,
      undici: replicas[service].dispatcher,
      preHandler: (request, reply, done) => {
        deadlines.start(request.id, reply.raw);
        done();
      },
      replyOptions: {
        rewriteRequestHeaders: (request, headers) => {
          // `expect: 100-continue` was answered to the client already by Node; undici refuses to send it on.
          const { 'x-internal-token': _dropped, expect: _answered, ...rest } = headers;
          return { ...rest, 'x-request-id': request.id, [CLIENT_ADDRESS_HEADER]: request.ip };
        },
        onError: (reply, error) => upstreamDown(reply as FastifyReply, service, error),
        // Another replica is asked when this one never handled the request, whatever the method: it refused the
        // connection, or answered 503 while stopping (UNHANDLED_HEADER). A sale (its nonce makes a repeat harmless) and a
        // GET whose replica died mid-way are asked of another replica too.
        retryDelay: ({ err, req, res, attempt }) => {
          const many = replicas[service].origins.length;
          if (many < 2 || attempt >= 2 * many) return null;
          const answer = res as unknown as { statusCode?: number; headers?: Record<string, unknown>; stream?: { resume(): void } } | undefined;
          if (answer?.statusCode === 503 && answer.headers?.[UNHANDLED_HEADER]) {
            answer.stream?.resume();
            return 1;
          }
          const failure = connectionFailure((err as { code?: string } | null)?.code);
          if (failure === 'refused') return 1;
          const repeatable = req.method === 'GET' || req.method === 'HEAD' || isRepeatablePost(req.method, new URL(String(req.url), 'http://upstream').pathname);
          return failure === 'midway' && repeatable ? 1 : null;
        },
      },
    };
    // The body is read whole first (at most BODY_LIMIT, counted on the stream, so a chunked body cannot get past it) and
    // sent as it came: a body over the limit is answered 413 here before the service sees any of it, and with several
    // replicas a request whose connection a stopped replica refused can go to another one (a stream, once handed to
    // the first, cannot be sent again).
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
      await scope.register(proxy, {
        ...proxyOptions,
        proxyPayloads: false,
        handler: (request, reply, dest, options) =>
          reply.from(dest, {
            ...options,
            ...(Buffer.isBuffer(request.body) ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
          }),
      });
    });
  }

  await apiDocs(app, firstOfEach(targets), env.UPSTREAM_TIMEOUT_MS);

  for (const plugin of opts.plugins ?? []) await plugin(app);

  await serveFrontends(app, env, remotes);
  return app;
}

/** One replica of each service (the API docs are the same on every replica). */
const firstOfEach = (targets: Record<ServiceName, string[]>) =>
  Object.fromEntries(Object.entries(targets).map(([service, urls]) => [service, urls[0]!])) as Record<ServiceName, string>;

/** `npm run dev`: the shell's page, chunks and hot updates come from its dev server, which serves index.html for routes. */
async function passOnToShellDevServer(app: FastifyInstance, upstream: string) {
  await app.register(proxy, {
    upstream,
    http2: false,
    // OPTIONS * is @fastify/cors's; the dev server needs none.
    httpMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    preHandler: (request, reply, done) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/api/') || path.startsWith('/remotes/')) {
        reply.code(404).send(apiError(404, 'not_found', `Route ${request.method} ${path} not found`));
        return;
      }
      done();
    },
  });
}

/** Errors of a stream cut off because the client went away (undici's RequestAbortedError, a premature close, a reset). */
const CLIENT_ABORT = new Set(['UND_ERR_ABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ABORT_ERR']);

/** The client closed its connection before its answer, and the error is the stream being cut off because of that. */
function clientGone(err: Error & { code?: string }, reply: FastifyReply): boolean {
  const gone = reply.raw.destroyed || reply.request.raw.destroyed;
  return gone && (CLIENT_ABORT.has(err.code ?? '') || err.name === 'RequestAbortedError' || err.name === 'AbortError');
}

/** 413 in the wrapper, and the connection closed after it: the rest of an oversized body is not waited for. */
function tooLarge(reply: FastifyReply) {
  return reply.code(413).header('connection', 'close').send(apiError(413, 'payload_too_large', TOO_LARGE));
}

function upstreamDown(reply: FastifyReply, service: ServiceName, error: { error?: Error } | Error) {
  const err = error instanceof Error ? error : error.error;
  const code = (err as { code?: string } | undefined)?.code ?? '';
  // reply-from passes the deadline's abort on as the cause of an InternalServerError.
  const deadline = err instanceof UpstreamDeadlineError || err?.cause instanceof UpstreamDeadlineError;
  const timeout = deadline || /TIMEOUT/i.test(code) || /timeout/i.test(err?.message ?? '');
  reply.request.log.warn({ service, code, err: err?.message }, 'upstream unavailable');
  if (timeout) {
    return reply.code(504).send(apiError(504, 'service_unavailable', `The ${service} service did not answer in time. Please try again.`));
  }
  return reply.code(503).send(apiError(503, 'service_unavailable', `The ${service} service is unavailable. Please try again in a moment.`));
}

async function serveFrontends(app: FastifyInstance, env: GatewayEnv, remotes: RemotesMap) {
  if (env.SHELL_DEV_URL) return passOnToShellDevServer(app, env.SHELL_DEV_URL);
  const setHeaders = (res: FastifyReply | { setHeader: (k: string, v: string) => void }, path: string) => {
    const name = path.split('/').pop() ?? '';
    const noCache = name === 'index.html' || name === 'sw.js' || name === 'remoteEntry.js' || name === 'mf-manifest.json' || name === 'mf-stats.json';
    const value = noCache ? NO_CACHE : 'public, max-age=31536000, immutable';
    if ('header' in res) res.header('cache-control', value);
    else res.setHeader('cache-control', value);
    if ('header' in res) res.header('access-control-allow-origin', '*');
  };
  for (const remote of REMOTE_FOLDERS) {
    const dir = join(env.REMOTES_ROOT, remote, 'dist');
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, { root: dir, prefix: `/remotes/${remote}/`, decorateReply: false, setHeaders, wildcard: true, preCompressed: true });
  }
  const shell = env.SHELL_DIST;
  if (!shell || !existsSync(join(shell, 'index.html'))) {
    app.setNotFoundHandler((request, reply) => reply.code(404).send(apiError(404, 'not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`)));
    return;
  }
  // The shell's page, with preloads of what the route's remote needs first (preload-hints.ts).
  const sendShell = (path: string, reply: FastifyReply) => {
    const links = preloadLinks(remotes.current(), path, env.REMOTES_ROOT);
    if (links) reply.header('link', links);
    return reply.header('cache-control', NO_CACHE).sendFile('index.html', shell);
  };
  app.get('/', (_request, reply) => sendShell('/', reply));
  await app.register(fastifyStatic, { root: shell, prefix: '/', setHeaders, wildcard: true, index: false, preCompressed: true });
  // Client-side routes (/pos, /admin/...) all get the shell's index.html; unknown API paths get a wrapper 404.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/api/') || path.startsWith('/remotes/') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send(apiError(404, 'not_found', `Route ${request.method} ${path} not found`));
    }
    return sendShell(path, reply);
  });
}
