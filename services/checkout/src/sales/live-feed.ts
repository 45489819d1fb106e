import { createHmac } from 'node:crypto';
import { LIVE_RECENT_SALES, LIVE_TRANSACTIONS_CHANNEL, PublicScreenSettings, type LiveMessage } from '@kassa/contracts';
import { createRedis, redisReady, ttlCache, type InternalClient } from '@kassa/service-kit';
import type { FastifyBaseLogger } from 'fastify';

/** Announces completed sales to the live slide. Best effort: a sale never fails because the feed is down. */
export interface LivePublisher {
  /** Resolves once the sale went out (or was dropped with a warning), a moment later with the others of its moment. */
  publish(sale: LiveMessage): Promise<void>;
  /** Resolves true once the feed can take announcements (false after a while without Redis). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Publishes sales and keeps them in the recent list, in one command: a MULTI of PUBLISH, LPUSH and LTRIM was five
 * commands and replies for ioredis to build and parse, the largest part of checkout's own work per sale in a CPU profile
 * under bench/checkout's tills; this script is one EVALSHA (ioredis sends the script itself only when Redis does not
 * know it yet), for every sale completed within one ANNOUNCE_WINDOW_MS. KEYS[1] the recent list; ARGV the channel, then
 * the sales, oldest first: each is published as its own message, and LPUSH leaves the newest at the head.
 */
const ANNOUNCE_SCRIPT = `
for i = 2, #ARGV do
  redis.call('PUBLISH', ARGV[1], ARGV[i])
end
redis.call('LPUSH', KEYS[1], unpack(ARGV, 2))
redis.call('LTRIM', KEYS[1], 0, ${LIVE_RECENT_SALES - 1})
return 1`;

/**
 * How long an announcement waits for others to go out with it. Each command to Redis is a write and a read on a socket
 * for checkout and for Redis; one command per sale was about 5% of checkout's CPU in a profile under bench/checkout's
 * 32 tills. A live slide a few hundredths of a second later is still live.
 */
const ANNOUNCE_WINDOW_MS = 25;
/** Sales per command at most (Lua's unpack has a limit on arguments; a burst larger than this takes more commands). */
const MAX_PER_COMMAND = 500;

type AnnouncingRedis = ReturnType<typeof createRedis> & { kassaAnnounceSales(recentKey: string, channel: string, ...messages: string[]): Promise<number> };

/** The sales of the current window, and the promise that settles once they went out. */
interface Batch {
  sales: LiveMessage[];
  sent: Promise<void>;
  /** Ends the window: the batch goes out once the one before it has. */
  close: () => void;
}

export function redisLivePublisher(redisUrl: string, queuePrefix: string, log: FastifyBaseLogger): LivePublisher {
  const redis = createRedis(redisUrl) as AnnouncingRedis;
  redis.defineCommand('kassaAnnounceSales', { numberOfKeys: 1, lua: ANNOUNCE_SCRIPT });
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'live feed redis error'));
  const channel = `${queuePrefix}:${LIVE_TRANSACTIONS_CHANNEL}`;
  let waiting: Batch | null = null;
  let timer: NodeJS.Timeout | null = null;
  // Commands go out one after the other, so the slide hears the sales in the order they were announced.
  let last: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = null;
    batch?.close();
    return last;
  };
  const send = async (sales: LiveMessage[]) => {
    for (let i = 0; i < sales.length; i += MAX_PER_COMMAND) {
      const part = sales.slice(i, i + MAX_PER_COMMAND);
      try {
        await redis.kassaAnnounceSales(`${channel}:recent`, channel, ...part.map((sale) => JSON.stringify(sale)));
      } catch (err) {
        log.warn({ err: (err as Error).message, liveIds: part.map((sale) => sale.id) }, 'could not announce sale on the live feed');
      }
    }
  };

  return {
    publish(sale) {
      if (!waiting) {
        let close!: () => void;
        const closed = new Promise<void>((resolve) => (close = resolve));
        const sales: LiveMessage[] = [];
        last = Promise.all([last, closed]).then(() => send(sales));
        waiting = { sales, sent: last, close };
        timer = setTimeout(() => void flush(), ANNOUNCE_WINDOW_MS);
      }
      waiting.sales.push(sale);
      return waiting.sent;
    },
    ready: () => redisReady(redis),
    async close() {
      await flush();
      redis.disconnect();
    },
  };
}

/**
 * A sale's id on the live feed: fixed per sale, so its undo can name it, yet not the sale's id (a public screen must not
 * hand out ids a till could ask about): an HMAC of the sale id under the internal secret, shaped as a version-4 UUID.
 */
export function liveSaleId(secret: string, saleId: string): string {
  const h = createHmac('sha256', secret).update(`live-sale:${saleId}`).digest().subarray(0, 16);
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The public-screen settings from accounts, kept for `keepMs` (PUBLIC_SCREEN_CACHE_MS); unknown (accounts down) shows no names. */
export function publicScreenSettings(accounts: InternalClient, keepMs: number): () => Promise<PublicScreenSettings> {
  const cache = ttlCache(keepMs, () => accounts('/internal/settings/public-screen', PublicScreenSettings));
  return () => cache.get().catch(() => ({ showNames: false }));
}

/** A public screen shows the first name only (SPEC: first name or initials, no balances). */
export function publicName(accountName: string | null | undefined): string | null {
  const first = accountName?.trim().split(/\s+/)[0];
  return first ? first : null;
}
