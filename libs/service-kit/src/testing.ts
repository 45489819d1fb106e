import { randomBytes } from 'node:crypto';
import type { TokenClaims, Capability } from '@kassa/contracts';
import { BaseEnv } from './config';
import { createRedis } from './queues';

/**
 * Environment for an integration test: the run's MongoDB-wire server (from the vitest global setup), a database
 * prefix and queue prefix of its own so test files never see each other's data, and quiet logs.
 */
export function testEnv(mongoUri: string, extra: Record<string, string> = {}): BaseEnv & Record<string, unknown> {
  const id = randomBytes(4).toString('hex');
  const raw = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MONGODB_URI: mongoUri,
    MONGODB_DB_PREFIX: `t${id}`,
    QUEUE_PREFIX: `t${id}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    ...extra,
  };
  return { ...BaseEnv.parse(raw), ...extra };
}

export const claims = (over: Partial<TokenClaims> & { capabilities?: Capability[] } = {}): TokenClaims => ({
  sub: over.sub ?? '64b7f0c2a1b2c3d4e5f60718',
  username: over.username ?? 'tester',
  isAdmin: over.isAdmin ?? false,
  capabilities: over.capabilities ?? [],
  registerId: over.registerId ?? null,
});

/** Removes what a test run left in Redis under its own queue prefix (queues, stand-in terminal state). */
export async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = createRedis(redisUrl, { forWorker: true });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
