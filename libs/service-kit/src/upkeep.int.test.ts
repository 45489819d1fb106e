import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createQueue, createRedis } from './queues';
import { clearRedisPrefix, testEnv } from './testing';
import { serviceUpkeep } from './upkeep';

/**
 * Two replicas of a service keep the same upkeep (real Redis): each runs its own start-up work once, and the rounds
 * are one job scheduler, each round run by one replica, not a timer in each (which would run every round twice).
 */
describe('serviceUpkeep across two replicas', () => {
  const env = testEnv(inject('mongoUri'));
  const firsts: string[] = [];
  const rounds: string[] = [];
  let replicas: FastifyInstance[] = [];

  afterAll(async () => {
    await Promise.all(replicas.map((app) => app.close()));
    await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
  });

  it('runs start-up work in each replica and each round in one', async () => {
    replicas = ['a', 'b'].map((name) => {
      const app = Fastify();
      serviceUpkeep(app, env, 'probe').keep(
        'count',
        async () => void firsts.push(name),
        async () => void rounds.push(name),
        200,
      );
      return app;
    });
    await Promise.all(replicas.map((app) => app.ready()));
    // Wait for the condition, not for a time: six rounds between them.
    await expect.poll(() => rounds.length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(6);
    await Promise.all(replicas.map((app) => app.close()));
    replicas = [];

    expect(firsts.sort()).toEqual(['a', 'b']);
    const redis = createRedis(env.REDIS_URL, { forWorker: true });
    const queue = createQueue('probe-upkeep', redis, env.QUEUE_PREFIX);
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => s.key)).toEqual(['count']);
      // Every round the scheduler made was run at most once: a timer per replica would have run each twice.
      expect(rounds.length).toBeLessThanOrEqual(schedulers[0]!.iterationCount!);
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });
});
