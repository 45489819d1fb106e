import type { FastifyInstance } from 'fastify';
import { startQueueWorker, type QueueWorker } from './queues';

export interface Upkeep {
  /**
   * `first` runs in this process once the app is ready (its own start: a replica that died runs it as it comes back);
   * `every` then runs at each interval in one replica of the service, whichever takes the round. Failures are logged
   * (the routes work without the upkeep, only slower); rounds of one `what` never overlap in a process.
   */
  keep(what: string, first: () => Promise<unknown>, every: () => Promise<unknown>, intervalMs?: number): void;
}

/**
 * Background upkeep of a service. The rounds are BullMQ job schedulers on the queue `<service>-upkeep`: every replica
 * upserts the same schedulers (one per `what`, so a changed interval takes effect at the next start) and runs a
 * worker, and each round is one job, taken by one replica, instead of a timer firing in every replica. Stops with the
 * app; a round under way finishes first. The schedulers stay in Redis when a replica stops (another may still run).
 */
export function serviceUpkeep(app: FastifyInstance, env: { REDIS_URL: string; QUEUE_PREFIX: string }, service: string): Upkeep {
  const rounds = new Map<string, { every: () => Promise<unknown>; intervalMs: number }>();
  const firsts = new Map<string, () => Promise<unknown>>();
  // One chain per `what`: a round waits for this process's `first` and for its own previous round.
  const chains = new Map<string, Promise<unknown>>();
  const run = (what: string, work: () => Promise<unknown>) => {
    const next = (chains.get(what) ?? Promise.resolve()).then(work).catch((err: unknown) => app.log.warn({ err }, `${what}: upkeep failed`));
    chains.set(what, next);
    return next;
  };
  let worker: QueueWorker<unknown> | undefined;

  app.addHook('onReady', async () => {
    for (const [what, first] of firsts) void run(what, first);
    if (rounds.size === 0) return;
    worker = await startQueueWorker<unknown>(`${service}-upkeep`, env, app.log, {
      processor: () => async (job) => {
        const round = rounds.get(job.name);
        if (round) await run(job.name, round.every);
      },
      worker: { concurrency: rounds.size },
    });
    // In the background: while Redis is away the service starts anyway (its connections keep trying).
    const queue = worker.queue;
    for (const [what, { intervalMs }] of rounds) {
      queue
        .upsertJobScheduler(what, { every: intervalMs }, { name: what, opts: { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 10 } } })
        .catch((err: unknown) => app.log.warn({ err }, `${what}: upkeep not scheduled`));
    }
  });
  app.addHook('onClose', async () => {
    await worker?.close();
    await Promise.all(chains.values());
  });

  return {
    keep(what, first, every, intervalMs = 600_000) {
      firsts.set(what, first);
      rounds.set(what, { every, intervalMs });
    },
  };
}
