import { writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** Listens, and closes with grace on SIGTERM/SIGINT (in-flight requests finish, connections close). */
export async function listen(app: FastifyInstance, port: number, host: string, onClose?: () => Promise<void>): Promise<void> {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await onClose?.();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port, host });
}

/**
 * Runs a worker process until SIGTERM/SIGINT, then closes what it opened. With `heartbeatFile` it touches that file
 * every 10 s, so a container healthcheck can tell a living worker from a hung one (a worker serves no HTTP).
 */
export function runUntilSignal(name: string, close: () => Promise<void>, opts: { heartbeatFile?: string } = {}): void {
  let closing = false;
  if (opts.heartbeatFile) {
    const file = opts.heartbeatFile;
    const beat = () => writeFileSync(file, new Date().toISOString());
    beat();
    setInterval(beat, 10_000).unref();
  }
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  process.stdout.write(`[${name}] running\n`);
}
