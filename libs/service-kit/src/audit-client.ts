import type { AuditActor, AuditEntryRequest } from '@kassa/contracts';
import { randomUUID } from 'node:crypto';

/** What the caller says about a change; the client adds the idempotency key and the service name. */
export interface AuditRecord {
  actor: AuditActor;
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  at?: Date;
}

/** Anything with pino's `warn(obj, msg)`: the request logger, so the warning carries the request id. */
export interface AuditWarnLogger {
  warn(obj: object, msg: string): void;
}

export interface AuditClientOptions {
  /** Written into each entry, so the log says where the change happened. */
  service?: string;
  /** Per attempt (default 2 s): an admin waits for the entry, but never long. */
  timeoutMs?: number;
  /** Pause before the one retry (default 250 ms). */
  retryDelayMs?: number;
}

export interface AuditClient {
  /** Stores the entry in the accounts service's audit log; true when stored. Never throws. */
  record(entry: AuditRecord, log: AuditWarnLogger): Promise<boolean>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes audit-log entries from other services (ARCHITECTURE.md: admin mutations are audited) through
 * POST /internal/audit on accounts. Best effort: the admin's change has already happened, so a log that cannot be
 * reached must not undo or fail it; one retry (same key, so it is stored once), then a warning in the service log.
 */
export function auditClient(baseUrl: string, internalToken: string, opts: AuditClientOptions = {}): AuditClient {
  const timeoutMs = opts.timeoutMs ?? 2_000;
  const retryDelayMs = opts.retryDelayMs ?? 250;
  const url = new URL('/internal/audit', baseUrl);

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

  return {
    async record(entry, log) {
      const body: AuditEntryRequest = {
        key: randomUUID(),
        actor: entry.actor,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        at: (entry.at ?? new Date()).toISOString(),
        ...(opts.service ? { service: opts.service } : {}),
      };
      let problem = await attempt(body);
      if (problem === null) return true;
      await sleep(retryDelayMs);
      problem = await attempt(body);
      if (problem === null) return true;
      log.warn({ audit: { action: body.action, entity: body.entity, entityId: body.entityId, key: body.key }, problem }, 'audit entry could not be stored');
      return false;
    },
  };
}
