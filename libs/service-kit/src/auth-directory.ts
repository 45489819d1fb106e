import { ALL_CAPABILITIES, effectiveRoles, type AdminRole, type Capability, type TokenClaims } from '@kassa/contracts';
import { Redis } from 'ioredis';

/**
 * What a user may do now, kept in Redis by the accounts service and read by every service on every request, so a
 * change holds at once without signing in again (a token is only who you were when you signed in):
 * - `user:<id>`: the user's admin flag, register, whether they are disabled, and since when their tokens hold
 *   (a password reset or disable moves it to now, which ends every older token);
 * - `register:<id>`: the register's capabilities;
 * - `session:<sid>`: present once that sign-in was logged out (kept until the token would have expired);
 * - `published`: set once accounts has written every user and register, from then on a token of a user that has no
 *   record is refused (an unknown or removed user).
 * Keys are under `<QUEUE_PREFIX>:auth:`, so test runs never see each other's.
 */
export interface UserRecord {
  isAdmin: boolean;
  /** An admin's roles; missing (a record from before roles) means every role. */
  roles?: AdminRole[];
  registerId: string | null;
  disabled: boolean;
  /** Seconds since the epoch: tokens issued before it no longer hold. */
  validAfter: number;
  /** Whether the user signs in with a second factor (with requireTfa on, one without must enrol first). */
  tfaEnabled: boolean;
}
export interface SettingsRecord {
  requireTfa: boolean;
}
export interface RegisterRecord {
  capabilities: Capability[];
}

/**
 * What the token may do, as the directory says now; null when the token no longer holds. `mustEnrolTfa`: two-factor
 * sign-in is required and the user has none yet, so only enrolment (and sign-out) is open to them.
 */
export type Rights = Pick<TokenClaims, 'isAdmin' | 'roles' | 'capabilities' | 'registerId'> & { mustEnrolTfa: boolean };

export interface AuthDirectory {
  /** The token's rights now: null when logged out, reset, disabled or unknown; the token's own when no record exists yet. */
  rightsOf(claims: TokenClaims & { iat?: number }): Promise<Rights | null>;
  publishUser(id: string, record: UserRecord): Promise<void>;
  publishRegister(id: string, record: RegisterRecord): Promise<void>;
  publishSettings(record: SettingsRecord): Promise<void>;
  forgetRegister(id: string): Promise<void>;
  markPublished(): Promise<void>;
  /** Ends one sign-in for `ttlSeconds` (the rest of its token's life). */
  endSession(sid: string, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}

export function authDirectory(redisUrl: string, prefix: string): AuthDirectory {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true });
  redis.on('error', () => undefined);
  const key = (...parts: string[]) => `${prefix}:auth:${parts.join(':')}`;
  const parse = <T>(raw: string | null): T | null => (raw ? (JSON.parse(raw) as T) : null);

  return {
    async rightsOf(claims) {
      // The token's register is read with the rest (one round trip); a user moved to another register since costs a second.
      const [ended, rawUser, published, rawSettings, rawTokenRegister] = await redis.mget(
        key('session', claims.sid ?? '-'),
        key('user', claims.sub),
        key('published'),
        key('settings'),
        key('register', claims.registerId ?? '-'),
      );
      if (ended) return null;
      const user = parse<UserRecord>(rawUser ?? null);
      if (!user) return published ? null : { isAdmin: claims.isAdmin, roles: effectiveRoles(claims), capabilities: claims.capabilities, registerId: claims.registerId, mustEnrolTfa: false };
      if (user.disabled || (claims.iat ?? 0) < user.validAfter) return null;
      const mustEnrolTfa = Boolean(parse<SettingsRecord>(rawSettings ?? null)?.requireTfa) && !user.tfaEnabled;
      if (user.isAdmin) return { isAdmin: true, roles: effectiveRoles(user), capabilities: [...ALL_CAPABILITIES], registerId: user.registerId, mustEnrolTfa };
      const rawRegister = user.registerId === claims.registerId ? rawTokenRegister : user.registerId ? await redis.get(key('register', user.registerId)) : null;
      const register = parse<RegisterRecord>(rawRegister ?? null);
      return { isAdmin: false, roles: [], capabilities: register?.capabilities ?? [], registerId: user.registerId, mustEnrolTfa };
    },
    async publishUser(id, record) {
      await redis.set(key('user', id), JSON.stringify(record));
    },
    async publishRegister(id, record) {
      await redis.set(key('register', id), JSON.stringify(record));
    },
    async publishSettings(record) {
      await redis.set(key('settings'), JSON.stringify(record));
    },
    async forgetRegister(id) {
      await redis.del(key('register', id));
    },
    async markPublished() {
      await redis.set(key('published'), '1');
    },
    async endSession(sid, ttlSeconds) {
      await redis.set(key('session', sid), '1', 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    },
    async close() {
      redis.disconnect();
    },
  };
}
