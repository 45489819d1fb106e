import type { LedgerAuditRequested } from '@kassa/contracts';
import { AppError, createQueue, createRedis } from '@kassa/service-kit';
import { QueueEvents, type Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { AccountsEnv } from '../../config';
import { auditRunView } from '../audit-runs';
import { auditRunModel } from '../models/audit-run.model';
import { LEDGER_AUDIT_ON_DEMAND, LEDGER_AUDIT_QUEUE, type LedgerAuditJobData, type LedgerAuditJobResult } from './ledger-audit.job';

type AuditQueue = Queue<LedgerAuditJobData, LedgerAuditJobResult>;

interface Connected {
  redis: Redis;
  eventsRedis: Redis;
  queue: AuditQueue;
  events: QueueEvents;
}

/**
 * The API's side of the ledger-audit queue: an administrator's run goes to the worker like the hourly one (one audit
 * at a time, never in the process that answers the till). Redis is only connected once somebody asks for a run.
 */
export class LedgerAuditRequests {
  private connected: Promise<Connected> | null = null;

  constructor(
    private readonly env: Pick<AccountsEnv, 'REDIS_URL' | 'QUEUE_PREFIX' | 'LEDGER_AUDIT_WAIT_MS'>,
    private readonly db: Connection,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /** Queues a run (or joins one already queued by an administrator) and waits a while for the worker to finish it. */
  async request(): Promise<LedgerAuditRequested> {
    const { queue, events } = await this.connect();
    const requestedAt = this.now().toISOString();
    const job = await queue.add(
      'ledger-audit',
      { trigger: 'admin' },
      { attempts: 1, deduplication: { id: LEDGER_AUDIT_ON_DEMAND }, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } },
    );
    const workerOnline = await this.workerOnline(queue);
    if (!workerOnline) return { run: null, requestedAt, workerOnline };

    let result: LedgerAuditJobResult | null = null;
    try {
      result = await job.waitUntilFinished(events, this.env.LEDGER_AUDIT_WAIT_MS);
    } catch (err) {
      // Either the wait ran out (the run goes on) or the run itself failed.
      const state = job.id ? await queue.getJobState(job.id) : 'unknown';
      if (state === 'failed') throw new AppError(500, 'internal_error', `The ledger audit failed: ${(err as Error).message}`);
    }
    if (!result) return { run: null, requestedAt, workerOnline };
    const doc = await auditRunModel(this.db).findById(result.runId).lean();
    return { run: doc ? auditRunView(doc) : null, requestedAt, workerOnline };
  }

  async close(): Promise<void> {
    if (!this.connected) return;
    const c = await this.connected.catch(() => null);
    this.connected = null;
    if (!c) return;
    await c.events.close();
    await c.queue.close();
    c.eventsRedis.disconnect();
    c.redis.disconnect();
  }

  private connect(): Promise<Connected> {
    this.connected ??= this.open().catch((err: unknown) => {
      this.connected = null;
      throw new AppError(503, 'service_unavailable', `The job queue is unavailable (${(err as Error).message}). Please try again in a moment.`);
    });
    return this.connected;
  }

  private async open(): Promise<Connected> {
    const redis = createRedis(this.env.REDIS_URL);
    // QueueEvents blocks on its connection; it needs one of its own.
    const eventsRedis = createRedis(this.env.REDIS_URL, { forWorker: true });
    for (const r of [redis, eventsRedis]) r.on('error', (err: Error) => this.log.warn({ err: err.message }, 'redis error (ledger audit queue)'));
    const queue = createQueue<LedgerAuditJobData>(LEDGER_AUDIT_QUEUE, redis, this.env.QUEUE_PREFIX) as AuditQueue;
    const events = new QueueEvents(LEDGER_AUDIT_QUEUE, { connection: eventsRedis, prefix: this.env.QUEUE_PREFIX });
    try {
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    } catch (err) {
      await Promise.allSettled([events.close(), queue.close()]);
      eventsRedis.disconnect();
      redis.disconnect();
      throw err;
    }
    return { redis, eventsRedis, queue, events };
  }

  /** Whether a worker listens on the queue; Redis servers that refuse CLIENT LIST count as yes. */
  private async workerOnline(queue: AuditQueue): Promise<boolean> {
    try {
      return (await queue.getWorkersCount()) > 0;
    } catch {
      return true;
    }
  }
}
