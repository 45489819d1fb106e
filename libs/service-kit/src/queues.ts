import { Queue, Worker, type Job, type JobsOptions, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { BaseLogger } from 'pino';

/** What the queue helpers log with: a pino logger, or a Fastify app's. */
export type QueueLog = Pick<BaseLogger, 'warn' | 'error'>;

/** A Redis connection; workers and blocking clients need `maxRetriesPerRequest: null` (BullMQ docs). */
export function createRedis(url: string, opts: { forWorker?: boolean } = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: opts.forWorker ? null : 3,
    enableOfflineQueue: opts.forWorker ?? false,
    lazyConnect: false,
  });
}

/**
 * Resolves true once `redis` is connected, or false after `timeoutMs` while Redis is away (the connection keeps trying
 * on its own). A service that takes requests on a connection without an offline queue must wait for this first: a
 * command sent while it is still connecting fails at once ("Stream isn't writeable"), a 503 for a request that came a
 * few milliseconds after the start (CI saw it on the first card payment of a freshly built payments app).
 */
export function redisReady(redis: Redis, timeoutMs = 10_000): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    redis.once('ready', onReady);
  });
}

export const defaultJobOptions: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export function createQueue<T = unknown>(name: string, connection: Redis, prefix: string): Queue<T> {
  return new Queue<T>(name, { connection, prefix, defaultJobOptions }) as Queue<T>;
}

export function createWorker<T = unknown>(
  name: string,
  processor: Processor<T>,
  connection: Redis,
  prefix: string,
  logger: QueueLog,
  opts: Partial<WorkerOptions> = {},
): Worker<T> {
  const worker = new Worker<T>(name, processor, { connection, prefix, concurrency: 8, ...opts });
  worker.on('failed', (job: Job<T> | undefined, err: Error) =>
    logger.warn({ queue: name, jobId: job?.id, attempts: job?.attemptsMade, err: err.message }, 'job failed'),
  );
  worker.on('error', (err: Error) => logger.error({ queue: name, err: err.message }, 'worker error'));
  return worker;
}

/** A queue's worker as started by startQueueWorker: `close` stops the worker, then the queue and their connections. */
export interface QueueWorker<T> {
  worker: Worker<T>;
  queue: Queue<T>;
  close(): Promise<void>;
}

/**
 * A BullMQ worker with its queue, each on a Redis connection of its own (a worker's blocking reads stall any other
 * command on its connection). `processor` gets the queue's connection for what the jobs need besides (a provider);
 * `resume` then runs once: it queues again what a worker that stopped left unfinished. `close` runs `onClose` too.
 */
export async function startQueueWorker<T>(
  name: string,
  env: { REDIS_URL: string; QUEUE_PREFIX: string },
  log: QueueLog,
  opts: {
    processor: (redis: Redis) => Processor<T>;
    worker?: Partial<WorkerOptions>;
    resume?: (queue: Queue<T>) => Promise<void>;
    onClose?: () => Promise<void>;
  },
): Promise<QueueWorker<T>> {
  const workerRedis = createRedis(env.REDIS_URL, { forWorker: true });
  const redis = createRedis(env.REDIS_URL, { forWorker: true });
  const processor = opts.processor(redis);
  const queue = createQueue<T>(name, redis, env.QUEUE_PREFIX);
  const worker = createWorker<T>(name, processor, workerRedis, env.QUEUE_PREFIX, log, opts.worker);
  await opts.resume?.(queue);
  return {
    worker,
    queue,
    async close() {
      await worker.close();
      await queue.close();
      await opts.onClose?.();
      workerRedis.disconnect();
      redis.disconnect();
    },
  };
}
