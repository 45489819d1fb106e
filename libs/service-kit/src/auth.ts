import fastifyJwt from '@fastify/jwt';
import { effectiveRoles, hasCapabilities, TokenClaims, type AdminRole, type Capability } from '@kassa/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { AuthDirectory, Rights } from './auth-directory';
import { AppError, forbidden, unauthorized } from './errors';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to a signed-in user who must still enrol in two-factor sign-in (requireTfa): enrolment, config, sign-out. */
    beforeTfaEnrolment?: boolean;
  }
  interface FastifyInstance {
    /**
     * Route guards, given as `onRequest`: who may call a route is decided before its body is read and validated, so a
     * caller without access learns nothing from validation errors (and gets 401/403, not 422).
     * A valid bearer token is required.
     */
    authenticate: onRequestAsyncHookHandler;
    /** A valid token whose register holds every listed capability. */
    requireCapabilities: (...caps: Capability[]) => onRequestAsyncHookHandler;
    /** A valid token of an administrator (any role): reading the administration. */
    requireAdmin: onRequestAsyncHookHandler;
    /** A valid token of an administrator who holds one of the roles (contracts/roles.ts): a change. */
    requireRole: (...roles: AdminRole[]) => onRequestAsyncHookHandler;
    /** A service-to-service call carrying the internal token. */
    requireInternal: onRequestAsyncHookHandler;
    signToken: (claims: TokenClaims) => string;
  }
}

export interface AuthOptions {
  jwtSecret: string;
  tokenTtl: string;
  internalToken: string;
  /** Where the rights of a token are now (auth-directory.ts); without one, a token's own claims stand. */
  directory?: AuthDirectory;
}

/** Marks a guard (api-docs.ts says from it whether a route needs a token). */
export const AUTH_GUARD = Symbol.for('kassa.authGuard');
/** What a guard asks for: a bearer token (of a user with some right), or the services' internal token. */
export type AuthGuardKind = 'token' | 'internal';
const GUARD_KIND = Symbol.for('kassa.authGuardKind');
export function authGuard<T extends (...args: never[]) => unknown>(fn: T, kind: AuthGuardKind = 'token'): T {
  (fn as unknown as Record<symbol, boolean>)[AUTH_GUARD] = true;
  (fn as unknown as Record<symbol, AuthGuardKind>)[GUARD_KIND] = kind;
  return fn;
}
export const isAuthGuard = (fn: unknown): boolean => typeof fn === 'function' && (fn as unknown as Record<symbol, boolean>)[AUTH_GUARD] === true;
/** The kind of an auth guard (api-docs.ts says from it whether a route needs a token); null for anything else. */
export const authGuardKind = (fn: unknown): AuthGuardKind | null => (isAuthGuard(fn) ? ((fn as unknown as Record<symbol, AuthGuardKind>)[GUARD_KIND] ?? 'token') : null);

/**
 * A valid bearer token: signed by us, with an expiry, not logged out, and for a user who may still sign in; the
 * request then carries the rights the user and their register have now, not those of the moment of signing in.
 */
function verifier(directory: AuthDirectory | undefined) {
  return async function verify(request: FastifyRequest): Promise<void> {
    let claims: TokenClaims & { iat?: number; exp?: number };
    try {
      claims = await request.jwtVerify<TokenClaims & { iat?: number; exp?: number }>();
      if (!TokenClaims.safeParse(claims).success || typeof claims.exp !== 'number') throw unauthorized();
    } catch {
      throw unauthorized();
    }
    if (!directory) return;
    let rights: Rights | null;
    try {
      rights = await directory.rightsOf(claims);
    } catch (err) {
      request.log.error({ err }, 'auth directory unavailable');
      throw new AppError(503, 'service_unavailable', 'Signing in cannot be checked for a moment. Please try again.');
    }
    if (!rights) throw unauthorized();
    if (rights.mustEnrolTfa && !request.routeOptions.config.beforeTfaEnrolment) {
      throw new AppError(403, 'tfa_required', 'Two-factor sign-in is required. Set it up on your account before you go on.');
    }
    const { mustEnrolTfa: _enrol, ...now } = rights;
    request.user = { ...request.user, ...now };
  };
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, opts) => {
    await app.register(fastifyJwt, { secret: opts.jwtSecret, sign: { expiresIn: opts.tokenTtl } });

    const verify = verifier(opts.directory);
    app.decorate('signToken', (claims: TokenClaims) => app.jwt.sign({ sid: randomUUID(), ...claims }));
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
    app.decorate('requireRole', (...roles: AdminRole[]) =>
      authGuard(async (request: FastifyRequest) => {
        await verify(request);
        const held = effectiveRoles(request.user);
        if (!roles.some((r) => held.includes(r))) {
          throw new AppError(403, 'insufficient_permissions', `Only the ${roles.map((r) => r.replace('_', ' ')).join(' or ')} may do this.`);
        }
      }),
    );
    const expected = Buffer.from(opts.internalToken);
    app.decorate('requireInternal', authGuard(async (request: FastifyRequest) => {
      const given = Buffer.from(String(request.headers['x-internal-token'] ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError(403, 'insufficient_permissions', 'No permission');
      }
    }, 'internal'));
  },
  { name: 'kassa-auth' },
);
