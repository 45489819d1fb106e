import { createRedis } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';

export interface PostedHead {
  accountId: string;
  seq: number;
  balance: number;
  lastUsed: string | null;
}

export interface HeadBroadcast {
  /** Tells the other replicas of accounts about a head posted here. */
  publish(head: PostedHead): void;
  close(): Promise<void>;
}

/**
 * How long heads posted here wait to go out together: one message for every account posted in the window, its newest
 * head each. A message per posting, which every replica (this one too) reads back, cost the accounts service 2.79 ms of
 * CPU per sale against 2.46 ms with this window (medians, the cost-per-sale bench (now a level of bench/checkout), 3 runs each way taking turns, each run of
 * this one lower than the run after it); a balance shown elsewhere still follows a sale within moments (issue 14 asks
 * for 2 s).
 */
export const HEAD_BATCH_MS = 50;

/**
 * Replicas of accounts tell each other every head they post, over Redis pub/sub, so a balance in the till's account
 * list or on a member's page served by one replica follows a sale booked through another within moments (without it,
 * only once its account directory is read again, every 30 s, and its ledger's account cache ages out, 5 s).
 *
 * These views are for showing: a debit is always decided on the ledger's own head, read again from the database when
 * the cached one is refused (ledger.ts). Pub/sub is best effort; a message lost while Redis is away leaves a replica's
 * view as old as its next re-read, never wrong money.
 */
export function headBroadcast(redisUrl: string, prefix: string, onHead: (head: PostedHead) => void): HeadBroadcast {
  const channel = `${prefix}:ledger-heads`;
  const me = randomUUID();
  // Publishing must never hold up a posting: no offline queue, a failure is dropped.
  const pub = createRedis(redisUrl);
  const sub = createRedis(redisUrl, { forWorker: true });
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  void sub.subscribe(channel).catch(() => undefined);
  sub.on('message', (_channel: string, message: string) => {
    try {
      const { from, heads } = JSON.parse(message) as { from: string; heads: PostedHead[] };
      if (from !== me) for (const head of heads) onHead(head);
    } catch {
      // Not ours: ignored.
    }
  });
  const pending = new Map<string, PostedHead>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const heads = [...pending.values()];
    pending.clear();
    if (heads.length > 0 && pub.status === 'ready') pub.publish(channel, JSON.stringify({ from: me, heads })).catch(() => undefined);
  };
  return {
    publish(head) {
      if (pub.status !== 'ready') return;
      const known = pending.get(head.accountId);
      if (!known || known.seq < head.seq) pending.set(head.accountId, head);
      if (!timer) {
        timer = setTimeout(flush, HEAD_BATCH_MS);
        // Nothing to keep a stopping process up for: close() sends what is waiting.
        timer.unref();
      }
    },
    async close() {
      if (timer) clearTimeout(timer);
      flush();
      sub.disconnect();
      // QUIT goes after the last heads; without a connection it fails at once and the heads are dropped (best effort).
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
