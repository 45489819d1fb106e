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
      const { from, head } = JSON.parse(message) as { from: string; head: PostedHead };
      if (from !== me) onHead(head);
    } catch {
      // Not ours: ignored.
    }
  });
  return {
    publish(head) {
      if (pub.status !== 'ready') return;
      pub.publish(channel, JSON.stringify({ from: me, head })).catch(() => undefined);
    },
    async close() {
      sub.disconnect();
      pub.disconnect();
    },
  };
}
