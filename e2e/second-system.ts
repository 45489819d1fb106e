/**
 * The end-to-end run's second system (e2e/playwright.config.ts: the serial specs run on it, beside the parallel ones on
 * the first). `tsx e2e/second-system.ts start` runs scripts/start.ts with the second system's environment, its output
 * marked, until it is stopped with the first (the web server command's process group); as global setup, this file
 * waits until that system answers, and fails at once should its start have ended.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../scripts/lib/local-mongo';

const exitFile = () => join(ROOT, '.data', `${process.env.KASSA_E2E_SECOND_DB}.exit`);

function start(): void {
  rmSync(exitFile(), { force: true });
  const env = JSON.parse(process.env.KASSA_E2E_SECOND_ENV ?? '{}') as Record<string, string>;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts')], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const mark = (out: NodeJS.WriteStream) => (chunk: Buffer) => out.write(chunk.toString().replace(/^(?=.)/gm, '[serial system] '));
  child.stdout.on('data', mark(process.stdout));
  child.stderr.on('data', mark(process.stderr));
  // The stop signal reaches the child too (one process group); this waits for it to have stopped.
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => (stopping = true));
  child.on('exit', (code, signal) => {
    if (!stopping) writeFileSync(exitFile(), `${code ?? signal}`);
    process.exit(code ?? 1);
  });
}

export default async function waitForSecondSystem(): Promise<void> {
  const url = `http://127.0.0.1:${process.env.KASSA_E2E_SECOND_PORT}/api/health`;
  const until = Date.now() + 300_000;
  for (;;) {
    if (existsSync(exitFile())) throw new Error(`the serial specs' system (${url}) stopped while starting (exit ${readFileSync(exitFile(), 'utf8')}); its output is above, marked [serial system]`);
    const ok = await fetch(url).then((res) => res.ok, () => false);
    if (ok) return;
    if (Date.now() > until) throw new Error(`the serial specs' system did not answer on ${url} within 300 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

if (process.argv[2] === 'start') start();
