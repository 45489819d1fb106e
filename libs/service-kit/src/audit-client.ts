import type { AuditActor, AuditEntryRequest } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { isDuplicateKey } from './mongo';
import { serviceReplicas } from './replicas';

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
  /**
   * For `audited`: what the record looks like once the change is made, as the entity's check sees it, when `after` is
   * not that (a password reset: `{ tokensValidAfter }`); `after` when not given. Kept in the outbox, never delivered.
   */
  expect?: unknown;
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
  /**
   * How long a pending entry (its change begun, never marked done: the process died or the database failed in between)
   * waits before the relay asks the entity's check whether the change happened (default 30 s: by then it has or not).
   */
  graceMs?: number;
}

/**
 * Whether the change of a pending entry happened: the service looks at the record now (for a delete: is it gone; for a
 * create: is it there; for an update: does it match `expected`, the entry's `expect` or else its `after`). `true`
 * delivers the entry as written ahead, `false` drops it, an object delivers it with these `before`/`after` (facts only
 * known once the change was made). A throw leaves it for the next relay.
 */
export type AuditCheck = (entry: AuditEntryRequest, expected: unknown) => Promise<boolean | { before?: unknown; after?: unknown }>;

/** What the change's result adds to the entry written ahead (an id made by the database, the exact record after). */
export type AuditSettle<T> = (result: T) => { action?: string; entityId?: string | null; before?: unknown; after?: unknown };

export interface AuditClient {
  /**
   * Makes `change` and its audit entry one: the entry (with its key, before and the expected after) is written to the
   * service's own outbox first, marked pending; the change runs; then the entry is marked ready (with what `settle`
   * adds) and delivered at once, or by the relay later. A change that throws removes its pending entry and rethrows. A
   * pending entry that is never marked (a crash in between) is resolved by the relay with the entity's check. Needs a
   * check registered for `entry.entity` (it throws before changing anything otherwise); without an outbox (a test's
   * stand-in client) the entry is only delivered after the change, best effort. Answers the change's result.
   */
  audited<T>(entry: AuditRecord, log: AuditWarnLogger, change: () => Promise<T>, settle?: AuditSettle<T>): Promise<T>;
  /** Registers how to tell whether a pending change of this entity happened (see AuditCheck). */
  check(entity: string, check: AuditCheck): void;
  /**
   * Stores an entry for a change already made; true when stored now. With an outbox, the entry is first written to it
   * (this throws when the service's own database cannot take it) and a false answer means "kept, sent later"; without
   * one it never throws and false means lost (logged). Prefer `audited`, which also covers a crash after the change.
   */
  record(entry: AuditRecord, log: AuditWarnLogger): Promise<boolean>;
  /** Delivers what is ready in the outbox and resolves pending entries past their grace; the number delivered. */
  flush(): Promise<number>;
  /** Stops the outbox relay. */
  close(): Promise<void>;
}

interface OutboxDoc {
  _id: string;
  body: AuditEntryRequest;
  /** Missing on entries written by `record` (ready at once). */
  state?: 'pending' | 'ready';
  /** What the check compares the record with, when not `body.after`. */
  expect?: unknown;
  /** The call that wrote the pending entry: only it removes the entry when its change fails. */
  owner?: string;
  createdAt: Date;
}

export const AUDIT_OUTBOX = 'audit_outbox';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A plain copy as it travels (dates as ISO strings, no undefined), so a record read back compares with one written. */
const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function contains(current: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return current === expected;
  if (current === null || typeof current !== 'object') return false;
  if (Array.isArray(expected)) {
    return Array.isArray(current) && current.length === expected.length && expected.every((v, i) => contains(current[i], v));
  }
  return Object.entries(expected).every(([k, v]) => v === undefined || contains((current as Record<string, unknown>)[k], v));
}

/**
 * Whether a record as it is now matches the `after` of an entry: every field `after` names has that value (fields it
 * does not name are free); `null` matches only a record that is gone.
 */
export function auditMatches(current: unknown, after: unknown): boolean {
  const expected = plain(after) ?? null;
  const now = plain(current) ?? null;
  if (expected === null) return now === null;
  return now !== null && contains(now, expected);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The usual check: loads the entity's audit view by id (null when gone) and compares it with what the entry expects: a
 * delete happened when the record is gone, a create when it is there with those fields, an update when it has them.
 * The entry is delivered with the record as found laid over its `after` (fields the change did not name included).
 */
export const viewCheck =
  (load: (entityId: string) => Promise<unknown>): AuditCheck =>
  async (entry, expected) => {
    if (entry.entityId === null) return false;
    const current = plain(await load(entry.entityId)) ?? null;
    if (!auditMatches(current, expected)) return false;
    if (current === null) return true;
    return { after: isRecord(entry.after) && isRecord(current) ? { ...entry.after, ...current } : current };
  };

/** Sends one entry; null when stored, else what went wrong. */
type Deliver = (body: AuditEntryRequest) => Promise<string | null>;

/**
 * Writes audit-log entries from other services (ARCHITECTURE.md: admin mutations are audited) through
 * POST /internal/audit on accounts. Every entry has an idempotency key, so sending it again (a retry, the relay, two
 * replicas relaying the same outbox) stores it once. With `outbox`, the entry is part of the change (`audited`).
 */
export function auditClient(baseUrls: string | string[], internalToken: string, opts: AuditClientOptions = {}): AuditClient {
  const timeoutMs = opts.timeoutMs ?? 2_000;
  // The BalancedPool of accounts' replicas picks where each attempt goes (replicas.ts); a retry of one that failed
  // goes elsewhere, as the failure lowers that replica's weight.
  const replicas = serviceReplicas(baseUrls);
  return outboxClient(async (body) => {
    try {
      const res = await replicas.dispatcher.request({
        origin: replicas.origins[0]!,
        path: '/internal/audit',
        method: 'POST',
        headers: { 'x-internal-token': internalToken, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.body.text();
      if (res.statusCode >= 200 && res.statusCode < 300) return null;
      return `accounts answered ${res.statusCode}: ${text.slice(0, 200)}`;
    } catch (err) {
      return (err as Error).message;
    }
  }, opts);
}

/**
 * The same client for the service that keeps the audit log itself (accounts): `store` writes the entry into the log
 * (once per key), and the outbox in the same database carries it across a crash between the change and that write.
 */
export function localAuditClient(store: (body: AuditEntryRequest) => Promise<unknown>, opts: Omit<AuditClientOptions, 'timeoutMs'> & { outbox: Connection }): AuditClient {
  return outboxClient(
    async (body) => {
      try {
        await store(body);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    },
    { ...opts, timeoutMs: 0 },
  );
}

function outboxClient(attempt: Deliver, opts: AuditClientOptions): AuditClient {
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const retryDelayMs = opts.retryDelayMs ?? 250;
  const graceMs = opts.graceMs ?? 30_000;
  const outbox = opts.outbox?.collection<OutboxDoc>(AUDIT_OUTBOX);
  const checks = new Map<string, AuditCheck>();

  async function delivered(key: string) {
    // A failed delete only means the relay sends it once more, which the key makes harmless.
    await outbox?.deleteOne({ _id: key, state: { $ne: 'pending' } }).catch(() => undefined);
  }

  /** Whether the change of a pending entry happened; null when it cannot be told now (no check, or the check failed). */
  async function resolve(doc: OutboxDoc, log: AuditWarnLogger): Promise<AuditEntryRequest | false | null> {
    const check = checks.get(doc.body.entity);
    if (!check) return null;
    try {
      const verdict = await check(doc.body, doc.expect === undefined ? doc.body.after : doc.expect);
      if (verdict === false) return false;
      return verdict === true ? doc.body : { ...doc.body, ...verdict };
    } catch (err) {
      log.warn({ audit: { key: doc._id, action: doc.body.action }, problem: (err as Error).message }, 'audit check failed; the pending entry is looked at again later');
      return null;
    }
  }

  const relayLog: AuditWarnLogger = { warn: () => undefined };
  let flushing: Promise<number> | null = null;
  async function flushOnce(): Promise<number> {
    if (!outbox) return 0;
    // Entries younger than one attempt may still be on their first way (the key would make a second send harmless);
    // pending ones younger than the grace period may still have their change under way.
    const oldest = Math.min(timeoutMs, graceMs);
    const due = await outbox.find({ createdAt: { $lte: new Date(Date.now() - oldest) } }).sort({ createdAt: 1 }).limit(100).toArray();
    let stored = 0;
    for (const doc of due) {
      let body = doc.body;
      const age = Date.now() - doc.createdAt.getTime();
      if (age < (doc.state === 'pending' ? graceMs : timeoutMs)) continue;
      if (doc.state === 'pending') {
        const resolved = await resolve(doc, relayLog);
        if (resolved === null) continue;
        if (resolved === false) {
          // The change did not happen. A call still under way that marks it ready writes it again (upsert).
          await outbox.deleteOne({ _id: doc._id, state: 'pending' });
          continue;
        }
        body = resolved;
        await outbox.updateOne({ _id: doc._id }, { $set: { state: 'ready', body } });
      }
      if ((await attempt(body)) !== null) break;
      await delivered(doc._id);
      stored += 1;
    }
    return stored;
  }
  const flush = () => (flushing ??= flushOnce().finally(() => (flushing = null)));

  const timer = outbox ? setInterval(() => void flush().catch(() => undefined), opts.relayEveryMs ?? 5_000) : null;
  timer?.unref();

  function bodyOf(entry: AuditRecord): AuditEntryRequest {
    return {
      key: entry.key ?? randomUUID(),
      actor: entry.actor,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: plain(entry.before) ?? null,
      after: plain(entry.after) ?? null,
      at: (entry.at ?? new Date()).toISOString(),
      ...(opts.service ? { service: opts.service } : {}),
    };
  }

  const settled = (ahead: AuditEntryRequest, extra: ReturnType<AuditSettle<unknown>>): AuditEntryRequest => ({
    ...ahead,
    ...(extra.action ? { action: extra.action } : {}),
    ...('entityId' in extra ? { entityId: extra.entityId ?? null } : {}),
    ...('before' in extra ? { before: plain(extra.before) ?? null } : {}),
    ...('after' in extra ? { after: plain(extra.after) ?? null } : {}),
  });

  /** Delivers now (one retry); false, with a warning, when it stays in the outbox (or, without one, is lost). */
  async function deliverNow(body: AuditEntryRequest, log: AuditWarnLogger): Promise<boolean> {
    let problem = await attempt(body);
    if (problem !== null) {
      await sleep(retryDelayMs);
      problem = await attempt(body);
    }
    if (problem === null) {
      await delivered(body.key!);
      return true;
    }
    const audit = { action: body.action, entity: body.entity, entityId: body.entityId, key: body.key };
    log.warn({ audit, problem }, outbox ? 'audit entry kept in the outbox until accounts stores it' : 'audit entry could not be stored');
    return false;
  }

  return {
    check(entity, check) {
      checks.set(entity, check);
    },

    async audited<T>(entry: AuditRecord, log: AuditWarnLogger, change: () => Promise<T>, settle?: AuditSettle<T>): Promise<T> {
      if (!checks.has(entry.entity)) throw new Error(`no audit check registered for ${entry.entity}`);
      const ahead = bodyOf(entry);
      if (!outbox) {
        // A client without an outbox (a test's stand-in): the change, then one delivery, lost with a warning.
        const result = await change();
        await deliverNow(settled(ahead, settle?.(result) ?? {}), log);
        return result;
      }
      const key = ahead.key!;
      const owner = randomUUID();
      try {
        const expect = plain(entry.expect);
        await outbox.insertOne({ _id: key, body: ahead, state: 'pending', owner, createdAt: new Date(), ...(expect === undefined ? {} : { expect }) });
      } catch (err) {
        // The same keyed entry is on its way already (another request made "the" change); this call marks it ready too.
        if (!isDuplicateKey(err)) throw err;
      }
      let result: T;
      try {
        result = await change();
      } catch (err) {
        // Left behind when this fails too: the relay's check then finds the change did not happen and drops it.
        await outbox.deleteOne({ _id: key, state: 'pending', owner }).catch(() => undefined);
        throw err;
      }
      const body = settled(ahead, settle?.(result) ?? {});
      try {
        // An upsert: a relay that dropped the entry while this change was slow gets it back.
        await outbox.updateOne({ _id: key }, { $set: { state: 'ready', body }, $setOnInsert: { createdAt: new Date() } }, { upsert: true });
      } catch (err) {
        // The change is made and its pending entry is kept: the relay resolves it after the grace period.
        log.warn({ audit: { action: body.action, entityId: body.entityId, key }, problem: (err as Error).message }, 'audit entry left pending; the relay resolves it');
        return result;
      }
      await deliverNow(body, log);
      return result;
    },

    async record(entry, log) {
      const body = bodyOf(entry);
      try {
        await outbox?.insertOne({ _id: body.key!, body, state: 'ready', createdAt: new Date() });
      } catch (err) {
        // The same keyed entry is on its way already.
        if (!isDuplicateKey(err)) throw err;
      }
      return deliverNow(body, log);
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flushing?.catch(() => undefined);
    },
  };
}
