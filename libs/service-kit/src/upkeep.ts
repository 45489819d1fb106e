import type { FastifyInstance } from 'fastify';

/**
 * Background upkeep of a service: `first` once the app is ready (as it starts listening), then `every` at each
 * interval, one run at a time, failures logged (the routes work without it, only slower). Stops with the app; a run
 * under way finishes first.
 */
export function keepUp(app: FastifyInstance, what: string, first: () => Promise<unknown>, every: () => Promise<unknown>, intervalMs = 600_000): void {
  const logged = (err: unknown) => app.log.warn({ err }, `${what}: upkeep failed`);
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    running = first().catch(logged);
    timer = setInterval(() => {
      running = running.then(every).catch(logged);
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
