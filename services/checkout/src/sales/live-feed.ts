import { LIVE_RECENT_SALES, LIVE_TRANSACTIONS_CHANNEL, type LiveTransaction } from '@kassa/contracts';
import { createRedis, redisReady } from '@kassa/service-kit';
import type { FastifyBaseLogger } from 'fastify';

/** Announces completed sales to the live slide. Best effort: a sale never fails because the feed is down. */
export interface LivePublisher {
  publish(sale: LiveTransaction): Promise<void>;
  /** Resolves true once the feed can take announcements (false after a while without Redis). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Publishes a sale and keeps it in the recent list, in one command: a MULTI of PUBLISH, LPUSH and LTRIM was five
 * commands and replies for ioredis to build and parse, the largest part of checkout's own work per sale in a CPU profile
 * under bench/checkout's tills; this script is one EVALSHA (ioredis sends the script itself only when Redis does not
 * know it yet). KEYS[1] the recent list; ARGV the channel and the sale.
 */
const ANNOUNCE_SCRIPT = `
redis.call('PUBLISH', ARGV[1], ARGV[2])
redis.call('LPUSH', KEYS[1], ARGV[2])
redis.call('LTRIM', KEYS[1], 0, ${LIVE_RECENT_SALES - 1})
return 1`;

type AnnouncingRedis = ReturnType<typeof createRedis> & { kassaAnnounceSale(recentKey: string, channel: string, message: string): Promise<number> };

export function redisLivePublisher(redisUrl: string, queuePrefix: string, log: FastifyBaseLogger): LivePublisher {
  const redis = createRedis(redisUrl) as AnnouncingRedis;
  redis.defineCommand('kassaAnnounceSale', { numberOfKeys: 1, lua: ANNOUNCE_SCRIPT });
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'live feed redis error'));
  const channel = `${queuePrefix}:${LIVE_TRANSACTIONS_CHANNEL}`;
  return {
    async publish(sale) {
      try {
        await redis.kassaAnnounceSale(`${channel}:recent`, channel, JSON.stringify(sale));
      } catch (err) {
        log.warn({ err: (err as Error).message, liveId: sale.id }, 'could not announce sale on the live feed');
      }
    },
    ready: () => redisReady(redis),
    async close() {
      redis.disconnect();
    },
  };
}

/** A public screen shows the first name only (SPEC: first name or initials, no balances). */
export function publicName(accountName: string | null | undefined): string | null {
  const first = accountName?.trim().split(/\s+/)[0];
  return first ? first : null;
}
