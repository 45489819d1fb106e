import closeWithGrace from 'close-with-grace';
import { writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** How long closing may take before the process exits anyway (with 1). */
const GRACE_MS = 10_000;

/** Listens, and closes with grace on SIGTERM/SIGINT (in-flight requests finish, connections close). */
export async function listen(app: FastifyInstance, port: number, host: string, onClose?: () => Promise<void>): Promise<void> {
  closeWithGrace({ delay: GRACE_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await onClose?.();
  });
  await app.listen({ port, host });
}

/**
 * Runs a worker process until SIGTERM/SIGINT, then closes what it opened. With `heartbeatFile` it touches that file
 * every 10 s, so a container healthcheck can tell a living worker from a hung one (a worker serves no HTTP).
 */
export function runUntilSignal(name: string, close: () => Promise<void>, opts: { heartbeatFile?: string } = {}): void {
  if (opts.heartbeatFile) {
    const file = opts.heartbeatFile;
    const beat = () => writeFileSync(file, new Date().toISOString());
    beat();
    setInterval(beat, 10_000).unref();
  }
  closeWithGrace({ delay: GRACE_MS }, close);
  process.stdout.write(`[${name}] running\n`);
}
