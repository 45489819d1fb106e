import fastifySwagger from '@fastify/swagger';
import { apiError, UNHANDLED_HEADER } from '@kassa/contracts';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { documentRoute, recordRoutes } from './api-docs';
import { authPlugin } from './auth';
import { authDirectory, type AuthDirectory } from './auth-directory';
import type { BaseEnv } from './config';
import { AppError } from './errors';
import { refuseControlCharacters, validatorCompiler } from './validation';

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    db: Connection;
    /** The rights every service checks a token against (auth-directory.ts); accounts keeps it current. */
    authDirectory: AuthDirectory;
  }
}

/** The largest request body a service or the gateway takes (bytes, as sent): larger ones get 413 at the gateway. */
export const BODY_LIMIT = 256 * 1024;

export interface ServiceOptions {
  name: string;
  env: BaseEnv;
  db?: Connection;
  /** Extra readiness checks (Redis, queues) besides the database. */
  ready?: () => Promise<void>;
}

/** The Fastify instance every Kassa service starts from: wrapper errors, zod validation, auth, health, OpenAPI. */
export async function createServiceApp(opts: ServiceOptions): Promise<ServiceApp> {
  const app = Fastify({
    logger: { level: opts.env.LOG_LEVEL, base: { service: opts.name } },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Fastify's own 503 while closing is not in the wrapper; the hook below answers it instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  recordRoutes(app);

  // During a graceful stop, requests still arriving on open keep-alive connections get a wrapper 503 the till can show
  // and retry with the same nonce, instead of starting work the closing database may cut off.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header(UNHANDLED_HEADER, 'closing')
      .send(apiError(503, 'service_unavailable', `The ${opts.name} service is restarting. Please try again in a moment.`));
  });

  // An empty JSON body (undo, finish, condition) is no body, not a syntax error; the rest is parsed as Fastify does.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });

  // A control character (a NUL PostgreSQL cannot store) anywhere in body, query or path: 422 naming the field.
  app.addHook('preValidation', refuseControlCharacters);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(apiError(404, 'not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });

  await app.register(fastifySwagger, {
    openapi: { info: { title: `Kassa ${opts.name}`, version: '0.1.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: documentRoute,
  });
  const directory = authDirectory(opts.env.REDIS_URL, opts.env.QUEUE_PREFIX);
  app.decorate('authDirectory', directory);
  app.addHook('onClose', () => directory.close());
  await app.register(authPlugin, {
    jwtSecret: opts.env.JWT_SECRET,
    tokenTtl: opts.env.TOKEN_TTL,
    internalToken: opts.env.INTERNAL_TOKEN,
    directory,
  });

  if (opts.db) {
    const db = opts.db;
    app.decorate('db', db);
    app.addHook('onClose', async () => db.close());
  }

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok', service: opts.name }));
  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    try {
      if (opts.db && opts.db.readyState !== 1) throw new Error('database not connected');
      await opts.ready?.();
      return { status: 'ready', service: opts.name };
    } catch (err) {
      return reply.code(503).send(apiError(503, 'service_unavailable', `${opts.name} not ready: ${(err as Error).message}`));
    }
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app as unknown as ServiceApp;
}

function errorHandler(this: FastifyInstance, err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.code(err.statusCode).send(apiError(err.statusCode, err.identifier, err.message, err.detail));
  }
  const code = (err as FastifyError).code;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return reply
      .code(422)
      .send(apiError(422, 'validation_error', 'Validation error', [{ loc: ['body'], msg: 'The body is not valid JSON.', type: 'value_error.jsondecode' }]));
  }
  const status = (err as FastifyError).statusCode ?? 500;
  if (status === 429) return reply.code(429).send(apiError(429, 'too_many_requests', 'Too many attempts, please wait a moment and try again.'));
  if (status >= 400 && status < 500) {
    return reply.code(status).send(apiError(status, status === 404 ? 'not_found' : 'validation_error', err.message));
  }
  const outage = storageOutage(err);
  if (outage) {
    // The database or Redis is away for a moment (restart, fail-over): a clear, retryable answer, not a 500. A sale
    // retried with the same nonce continues where it stopped.
    request.log.warn({ err: err.message }, `${outage} unavailable`);
    return reply.code(503).send(apiError(503, 'service_unavailable', OUTAGE_MESSAGE[outage]));
  }
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).send(apiError(500, 'internal_error', 'Something went wrong on our side. Please try again.'));
}

const OUTAGE_MESSAGE = {
  database: 'The database is unavailable for a moment. Please try again.',
  redis: 'The queue server is unavailable for a moment. Please try again.',
} as const;

/** Errors of the MongoDB driver (and mongoose) that mean the server cannot be reached right now. */
const MONGO_OUTAGE = /^Mongo(ose)?(Network|NetworkTimeout|ServerSelection|NotConnected|PoolCleared|TopologyClosed|ServerClosed)Error$/;
/** ioredis without its offline queue, or after its retries, while Redis is down. */
const REDIS_OUTAGE = /Stream isn't writeable and enableOfflineQueue|^Connection is closed\.?$|Reached the max retries per request limit/;

/**
 * FerretDB stays up while PostgreSQL under it is down or restarting, and answers InternalError (code 1) with pgx's [ferretdb:pg-errors]
 * message: it cannot connect, or PostgreSQL ended the session (SQLSTATE 57P01-57P03: shut down, crashed, starting up;
 * class 08: connection exceptions). Seen in testing/probes/faults.ts when PostgreSQL is killed.
 */
const FERRETDB_BACKEND_OUTAGE = /failed to connect to `|\(SQLSTATE (57P0[123]|08[0-9A-Z]{3})\)|conn closed|unexpected EOF/;

/** Which storage an unhandled error says is unreachable, if any. */
export function storageOutage(err: Error): 'database' | 'redis' | null {
  if (MONGO_OUTAGE.test(err.name)) return 'database';
  if (err.name === 'MongoServerError' && (err as Error & { code?: unknown }).code === 1 && FERRETDB_BACKEND_OUTAGE.test(err.message)) return 'database';
  if (err.name === 'MaxRetriesPerRequestError' || REDIS_OUTAGE.test(err.message)) return 'redis';
  return null;
}
