import { LIVE_RECENT_SALES, LIVE_TRANSACTIONS_CHANNEL, type LiveTransaction } from '@kassa/contracts';
import { createRedis } from '@kassa/service-kit';
import { clearRedisPrefix } from '@kassa/service-kit/testing';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { redisLivePublisher } from './live-feed';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const sale = (n: number): LiveTransaction => ({ id: randomUUID(), at: new Date(Date.UTC(2026, 10, 28, 20, 0, n)).toISOString(), total: 250 + n, method: 'cash', items: [{ name: 'Pils', amount: 1 }], who: null });

function logSpy() {
  const warnings: string[] = [];
  const log = { warn: (_obj: unknown, msg: string) => warnings.push(msg) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

/** What a live slide hears on `channel`, and the recent list a screen that opens later reads. */
async function listen(channel: string) {
  const subscriber = createRedis(REDIS_URL, { forWorker: true });
  const reader = createRedis(REDIS_URL, { forWorker: true });
  const heard: LiveTransaction[] = [];
  subscriber.on('message', (_channel: string, message: string) => heard.push(JSON.parse(message) as LiveTransaction));
  await subscriber.subscribe(channel);
  return {
    /** A slide heard every sale once, in order, and a screen that opens now reads the last ones, newest first. */
    async expectAnnounced(sales: LiveTransaction[]) {
      await expect.poll(() => heard.length).toBe(sales.length);
      expect(heard.map((s) => s.id)).toEqual(sales.map((s) => s.id));
      const recent = (await reader.lrange(`${channel}:recent`, 0, -1)).map((m) => JSON.parse(m) as LiveTransaction);
      expect(recent).toEqual(sales.slice(-LIVE_RECENT_SALES).reverse());
    },
    close: () => {
      subscriber.disconnect();
      reader.disconnect();
    },
  };
}

/** The live slide's feed on the machine's real Redis: what the gateway's subscribers and new screens get. */
describe('announcing sales on the live feed', () => {
  const prefix = `kassa-test-live-${randomUUID()}`;
  const channel = `${prefix}:${LIVE_TRANSACTIONS_CHANNEL}`;
  afterAll(() => clearRedisPrefix(REDIS_URL, prefix));

  it('publishes each sale in order and keeps the last ones, newest first, for a screen that opens later', async () => {
    const { log, warnings } = logSpy();
    const live = redisLivePublisher(REDIS_URL, prefix, log);
    const feed = await listen(channel);
    try {
      // The publisher's connection has no offline queue (a sale never waits for the feed): used once it is up.
      expect(await live.ready()).toBe(true);
      const sales = Array.from({ length: LIVE_RECENT_SALES + 5 }, (_, n) => sale(n));
      for (const s of sales) await live.publish(s);
      await feed.expectAnnounced(sales);
      expect(warnings).toEqual([]);
    } finally {
      await live.close();
      feed.close();
    }
  });

  it('sends a burst of sales at once in order, more than one command holds, and what waits when it closes', async () => {
    const { log, warnings } = logSpy();
    const live = redisLivePublisher(REDIS_URL, `${prefix}:burst`, log);
    const feed = await listen(`${prefix}:burst:${LIVE_TRANSACTIONS_CHANNEL}`);
    try {
      expect(await live.ready()).toBe(true);
      // A busy moment: 1,200 sales completed within one window, then one more that only the close sends.
      const sales = Array.from({ length: 1_201 }, (_, n) => sale(n));
      const sent = sales.slice(0, -1).map((s) => live.publish(s));
      await Promise.all(sent);
      void live.publish(sales.at(-1)!);
      await live.close();
      await feed.expectAnnounced(sales);
      expect(warnings).toEqual([]);
    } finally {
      await live.close();
      feed.close();
    }
  });

  it('never fails a sale when Redis is away: the announcement is dropped with a warning', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const { log, warnings } = logSpy();
    const live = redisLivePublisher(`redis://127.0.0.1:${port}`, prefix, log);
    try {
      await expect(live.publish(sale(1))).resolves.toBeUndefined();
      expect(warnings).toContain('could not announce sale on the live feed');
    } finally {
      await live.close();
    }
  });
});
