import { LIVE_RECENT_SALES, LIVE_TRANSACTIONS_CHANNEL } from '@kassa/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Redis } from 'ioredis';

/**
 * GET /api/live/transactions: server-sent events of every completed sale, for the public transactions slide.
 * One Redis subscription per gateway process fans out to every open screen; a new screen first gets the recent sales
 * the checkout service keeps in a short list. No sign-in: the payload carries no balances and no full names.
 */
export function liveFeed(redisUrl: string, prefix: string) {
  return async (app: FastifyInstance) => {
    const channel = `${prefix}:${LIVE_TRANSACTIONS_CHANNEL}`;
    const recentKey = `${channel}:recent`;
    const clients = new Set<FastifyReply>();
    const sub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
    const reader = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    sub.on('error', (err) => app.log.warn({ err: err.message }, 'live feed: redis subscription error'));
    reader.on('error', (err) => app.log.warn({ err: err.message }, 'live feed: redis error'));
    sub.on('message', (_channel, message) => {
      for (const reply of clients) reply.raw.write(`event: transaction\ndata: ${message}\n\n`);
    });
    await Promise.allSettled([sub.connect().then(() => sub.subscribe(channel)), reader.connect()]);

    const heartbeat = setInterval(() => {
      for (const reply of clients) reply.raw.write(': keep-alive\n\n');
    }, 25_000);
    heartbeat.unref();

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      for (const reply of clients) reply.raw.end();
      sub.disconnect();
      reader.disconnect();
    });

    app.get(
      '/api/live/transactions',
      {
        schema: {
          tags: ['live'],
          summary: 'Live feed of completed sales (server-sent events), for the transactions slide',
          description:
            'No token needed. A stream of `event: transaction` messages, each `data:` one sale as JSON (no balances, no full names); the last 20 first, then each new one as it is sold. A comment line every 25 s keeps it open; the client reconnects after 2 s.',
          response: { 200: { description: 'A text/event-stream that stays open.', content: { 'text/event-stream': { schema: { type: 'string' } } } } },
        },
      },
      async (request, reply) => {
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        reply.raw.write('retry: 2000\n\n');
        try {
          const recent = await reader.lrange(recentKey, 0, LIVE_RECENT_SALES - 1);
          for (const message of recent.reverse()) reply.raw.write(`event: transaction\ndata: ${message}\n\n`);
        } catch {
          /* the live part still works without the history */
        }
        clients.add(reply);
        request.raw.on('close', () => clients.delete(reply));
        return reply.hijack();
      },
    );
  };
}
