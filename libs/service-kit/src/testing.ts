import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { inject } from 'vitest';
import type { TokenClaims, Capability } from '@kassa/contracts';
import { BaseEnv } from './config';
import { createRedis } from './queues';

/**
 * Database prefixes whose test apps have closed, their databases emptied, by server and service: `${uri} ${service}`.
 * On FerretDB, creating a service's collections and indexes is most of a test app's start (accounts' 25 models: about
 * 0.55 s on a fresh database against 0.17 s on an emptied one, more while the other worker makes its own), so a test
 * app of the same service in this worker (vitest runs the integration files of a worker in one module graph) takes
 * one instead: `testEnv(uri, extra, { service })`, given back with `releaseTestPrefix`.
 */
const emptiedPrefixes = new Map<string, string[]>();

/**
 * Environment for an integration test: the run's MongoDB-wire server (from the vitest global setup), a database
 * prefix and queue prefix of its own so test files never see each other's data, and quiet logs. With `service`, the
 * database prefix may be one an earlier test app of that service left emptied (its indexes made); the queue prefix is
 * always new.
 */
export function testEnv(mongoUri: string, extra: Record<string, string> = {}, opts: { service?: string } = {}): BaseEnv & Record<string, unknown> {
  const id = randomBytes(4).toString('hex');
  const reused = opts.service ? emptiedPrefixes.get(`${mongoUri} ${opts.service}`)?.pop() : undefined;
  const raw = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MONGODB_URI: mongoUri,
    MONGODB_DB_PREFIX: reused ?? `t${id}`,
    QUEUE_PREFIX: `t${id}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    ...extra,
  };
  return { ...BaseEnv.parse(raw), ...extra };
}

/**
 * After a test app of `service` has closed (nothing of it writes any more): every database under its prefix is
 * emptied and the prefix kept for the next test app of that service (testEnv's `service`). On a server the run does
 * not own (MONGODB_URI), the databases are dropped instead.
 */
export async function releaseTestPrefix(env: { MONGODB_URI: string; MONGODB_DB_PREFIX: string }, service: string): Promise<void> {
  const external = inject('mongoKind') === 'external';
  const client = new mongoose.mongo.MongoClient(env.MONGODB_URI);
  await client.connect();
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    for (const { name } of databases.filter((d) => d.name.startsWith(`${env.MONGODB_DB_PREFIX}_`))) {
      const db = client.db(name);
      if (external) {
        await db.dropDatabase();
        continue;
      }
      for (const c of await db.listCollections({}, { nameOnly: true }).toArray()) {
        if (!c.name.startsWith('system.')) await db.collection(c.name).deleteMany({});
      }
    }
  } finally {
    await client.close();
  }
  if (external) return;
  const key = `${env.MONGODB_URI} ${service}`;
  emptiedPrefixes.set(key, [...(emptiedPrefixes.get(key) ?? []), env.MONGODB_DB_PREFIX]);
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

/**
 * Drops a test's database when it lives on a server the run does not own (MONGODB_URI). On the run's own FerretDB it
 * stays: the whole PostgreSQL database under it is dropped when the run ends, and dropping a service's collections
 * one by one cost 0.6 s a stack, about 44 s of the integration run's 400 worker-seconds.
 */
export async function dropTestDatabase(db: Pick<Connection, 'dropDatabase'>): Promise<void> {
  if (inject('mongoKind') === 'external') await db.dropDatabase();
}
