import { LIVE_TRANSACTIONS_CHANNEL, type LiveTransaction } from '@kassa/contracts';
import { createRedis } from '@kassa/service-kit';
import type { FastifyBaseLogger } from 'fastify';

/** Announces completed sales to the live slide. Best effort: a sale never fails because the feed is down. */
export interface LivePublisher {
  publish(sale: LiveTransaction): Promise<void>;
  close(): Promise<void>;
}

export function redisLivePublisher(redisUrl: string, queuePrefix: string, log: FastifyBaseLogger): LivePublisher {
  const redis = createRedis(redisUrl);
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'live feed redis error'));
  const channel = `${queuePrefix}:${LIVE_TRANSACTIONS_CHANNEL}`;
  return {
    async publish(sale) {
      try {
        const message = JSON.stringify(sale);
        // The recent list lets a screen that opens now show the last sales before the next one arrives.
        await redis.multi().publish(channel, message).lpush(`${channel}:recent`, message).ltrim(`${channel}:recent`, 0, 19).exec();
      } catch (err) {
        log.warn({ err: (err as Error).message, liveId: sale.id }, 'could not announce sale on the live feed');
      }
    },
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
