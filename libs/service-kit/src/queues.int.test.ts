import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createRedis, redisReady } from './queues';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** On the real Redis of the machine: a service's connection has no offline queue, so it must be ready before use. */
describe('a service connection to Redis', () => {
  it('refuses a command sent while still connecting, and takes it once redisReady has resolved', async () => {
    const redis = createRedis(REDIS_URL);
    try {
      expect(redis.status).not.toBe('ready');
      await expect(redis.ping()).rejects.toThrow(/Stream isn't writeable/);
      expect(await redisReady(redis)).toBe(true);
      expect(await redis.ping()).toBe('PONG');
      // Already ready: answers at once.
      expect(await redisReady(redis, 0)).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it('gives up waiting after the timeout while Redis is away, and says so', async () => {
    const redis = createRedis(`redis://127.0.0.1:${await closedPort()}`);
    redis.on('error', () => undefined);
    try {
      expect(await redisReady(redis, 300)).toBe(false);
      expect(redis.status).not.toBe('ready');
    } finally {
      redis.disconnect();
    }
  });
});
