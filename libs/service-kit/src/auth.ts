import fastifyJwt from '@fastify/jwt';
import { hasCapabilities, TokenClaims, type Capability } from '@kassa/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { AppError, forbidden, unauthorized } from './errors';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid bearer token is required. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: a valid token whose register holds every listed capability. */
    requireCapabilities: (...caps: Capability[]) => preHandlerAsyncHookHandler;
    /** preHandler: a valid token of an administrator. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** preHandler: a service-to-service call carrying the internal token. */
    requireInternal: preHandlerAsyncHookHandler;
    signToken: (claims: TokenClaims) => string;
  }
}

export interface AuthOptions {
  jwtSecret: string;
  tokenTtl: string;
  internalToken: string;
}

/** Marks a guard so it runs on `onRequest`, before body validation (see createServiceApp). */
export const AUTH_GUARD = Symbol.for('kassa.authGuard');
export function authGuard<T extends (...args: never[]) => unknown>(fn: T): T {
  (fn as unknown as Record<symbol, boolean>)[AUTH_GUARD] = true;
  return fn;
}
export const isAuthGuard = (fn: unknown): boolean => typeof fn === 'function' && (fn as unknown as Record<symbol, boolean>)[AUTH_GUARD] === true;

async function verify(request: FastifyRequest): Promise<void> {
  try {
    const claims = await request.jwtVerify<TokenClaims>();
    if (!TokenClaims.safeParse(claims).success) throw unauthorized();
  } catch {
    throw unauthorized();
  }
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, opts) => {
    await app.register(fastifyJwt, { secret: opts.jwtSecret, sign: { expiresIn: opts.tokenTtl } });

    app.decorate('signToken', (claims: TokenClaims) => app.jwt.sign(claims));
    app.decorate('authenticate', authGuard(verify));
    app.decorate('requireCapabilities', (...caps: Capability[]) =>
      authGuard(async (request: FastifyRequest) => {
        await verify(request);
        if (!hasCapabilities(request.user.capabilities, caps)) throw forbidden();
      }),
    );
    app.decorate(
      'requireAdmin',
      authGuard(async (request: FastifyRequest) => {
        await verify(request);
        if (!request.user.isAdmin) throw forbidden();
      }),
    );
    const expected = Buffer.from(opts.internalToken);
    app.decorate('requireInternal', authGuard(async (request: FastifyRequest) => {
      const given = Buffer.from(String(request.headers['x-internal-token'] ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError(403, 'insufficient_permissions', 'No permission');
      }
    }));
  },
  { name: 'kassa-auth' },
);
