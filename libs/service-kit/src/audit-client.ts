import type { AuditActor, AuditEntryRequest } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { isDuplicateKey } from './mongo';

/** What the caller says about a change; the client adds the idempotency key and the service name. */
export interface AuditRecord {
  actor: AuditActor;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  at?: Date;
  /**
   * Makes the entry once per key, however many calls record it (two requests that both made "the" change, which a
   * database that reads before it writes cannot tell apart). Random when not given.
   */
  key?: string;
}

/** Anything with pino's `warn(obj, msg)`: the request logger, so the warning carries the request id. */
export interface AuditWarnLogger {
  warn(obj: object, msg: string): void;
}

export interface AuditClientOptions {
  /** Written into each entry, so the log says where the change happened. */
  service?: string;
  /**
   * The service's own database: each entry is kept in its `audit_outbox` collection until accounts has stored it, and
   * sent again every `relayEveryMs` until then, so an entry is never lost to an accounts service that is down.
   */
  outbox?: Connection;
  /** Per attempt (default 2 s): an admin waits for the entry, but never long. */
  timeoutMs?: number;
  /** Pause before the one retry (default 250 ms). */
  retryDelayMs?: number;
  /** How often the outbox is sent again (default 5 s). */
  relayEveryMs?: number;
}

export interface AuditClient {
  /**
   * Stores the entry in the accounts service's audit log; true when stored now. With an outbox, the entry is first
   * written to it (this throws when the service's own database cannot take it) and a false answer means "kept, sent
   * later"; without one it never throws and false means lost (logged).
   */
  record(entry: AuditRecord, log: AuditWarnLogger): Promise<boolean>;
  /** Sends what waits in the outbox; the number of entries stored. */
  flush(): Promise<number>;
  /** Stops the outbox relay. */
  close(): Promise<void>;
}

interface OutboxDoc {
  _id: string;
  body: AuditEntryRequest;
  createdAt: Date;
}

export const AUDIT_OUTBOX = 'audit_outbox';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes audit-log entries from other services (ARCHITECTURE.md: admin mutations are audited) through
 * POST /internal/audit on accounts. Every entry has an idempotency key, so sending it again (a retry, the relay, two
 * replicas relaying the same outbox) stores it once. With `outbox`, the entry is part of the change: it is kept in the
 * service's own database from the moment the change is made until accounts confirms it.
 */
export function auditClient(baseUrl: string, internalToken: string, opts: AuditClientOptions = {}): AuditClient {
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const retryDelayMs = opts.retryDelayMs ?? 250;
  const url = new URL('/internal/audit', baseUrl);
  const outbox = opts.outbox?.collection<OutboxDoc>(AUDIT_OUTBOX);

  async function attempt(body: AuditEntryRequest): Promise<string | null> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'x-internal-token': internalToken, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.ok) return null;
      return `accounts answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      return (err as Error).message;
    }
  }

  async function delivered(key: string) {
    // A failed delete only means the relay sends it once more, which the key makes harmless.
    await outbox?.deleteOne({ _id: key }).catch(() => undefined);
  }

  let flushing: Promise<number> | null = null;
  async function flushOnce(): Promise<number> {
    if (!outbox) return 0;
    // Entries younger than one attempt may still be on their first way; the key would make a second send harmless.
    const due = await outbox.find({ createdAt: { $lt: new Date(Date.now() - timeoutMs) } }).sort({ createdAt: 1 }).limit(100).toArray();
    let stored = 0;
    for (const doc of due) {
      if ((await attempt(doc.body)) !== null) break;
      await delivered(doc._id);
      stored += 1;
    }
    return stored;
  }
  const flush = () => (flushing ??= flushOnce().finally(() => (flushing = null)));

  const timer = outbox ? setInterval(() => void flush().catch(() => undefined), opts.relayEveryMs ?? 5_000) : null;
  timer?.unref();

  return {
    async record(entry, log) {
      const key = entry.key ?? randomUUID();
      const body: AuditEntryRequest = {
        key,
        actor: entry.actor,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        at: (entry.at ?? new Date()).toISOString(),
        ...(opts.service ? { service: opts.service } : {}),
      };
      try {
        await outbox?.insertOne({ _id: key, body, createdAt: new Date() });
      } catch (err) {
        // The same keyed entry is on its way already.
        if (!isDuplicateKey(err)) throw err;
      }
      let problem = await attempt(body);
      if (problem !== null) {
        await sleep(retryDelayMs);
        problem = await attempt(body);
      }
      if (problem === null) {
        await delivered(key);
        return true;
      }
      const audit = { action: body.action, entity: body.entity, entityId: body.entityId, key: body.key };
      log.warn({ audit, problem }, outbox ? 'audit entry kept in the outbox until accounts stores it' : 'audit entry could not be stored');
      return false;
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flushing?.catch(() => undefined);
    },
  };
}
