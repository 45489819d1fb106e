/**
 * The whole of Kassa as separate child processes that the fault run can crash and bring back one at a time: its own
 * redis-server (append-only file in a temporary folder), its own FerretDB on a fresh PostgreSQL database (always on the
 * same port, so the services reconnect by themselves), and every service and worker of scripts/lib/processes.ts with
 * the environment `npm start` gives them. Nothing here is shared with the machine's Redis or another run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { dropPgDatabase, ensurePgDatabase, ROOT } from '../../scripts/lib/local-mongo';
import { entryPath, PROCESSES, serviceEnv } from '../../scripts/lib/processes';

const FERRETDB_BIN = join(ROOT, '.tools', 'bin', 'ferretdb');
const PG_URL = 'postgres://postgres@127.0.0.1:5432';

export type Target = 'accounts' | 'catalog' | 'checkout' | 'payments' | 'accounts-worker' | 'payments-worker' | 'gateway' | 'redis' | 'database';

export interface FaultSystemOptions {
  /** The gateway's port; services take the next four, Redis and FerretDB the two after those. */
  port: number;
  env?: Record<string, string>;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One restartable child process; its output goes to a log file so a failure can be read afterwards. */
class Managed {
  child: ChildProcess | null = null;
  /** Output since the last start, to see a worker say it runs. */
  output = '';
  private readonly out: WriteStream;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    logFile: string,
  ) {
    this.out = createWriteStream(logFile, { flags: 'a' });
  }

  start(): void {
    this.out.write(`\n===== start ${new Date().toISOString()} =====\n`);
    const child = spawn(this.command, this.args, { cwd: ROOT, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.output = '';
    const keep = (d: Buffer) => {
      this.output = (this.output + d.toString()).slice(-20_000);
      this.out.write(d);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => this.out.write(`===== exit ${signal ?? code} ${new Date().toISOString()} =====\n`));
    this.child = child;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends the signal and waits for the process to end (SIGKILL after 15 s if a graceful stop hangs). */
  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    const hung = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(hung);
  }

  close(): void {
    this.out.end();
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
  return res.ok;
}

async function redisPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } finally {
    client.disconnect();
  }
}

async function mongoPing(uri: string): Promise<boolean> {
  const conn = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 1000 }).asPromise();
  try {
    await conn.db!.admin().ping();
    return true;
  } finally {
    await conn.close();
  }
}

export class FaultSystem {
  readonly url: string;
  readonly prefix: string;
  readonly mongoUri: string;
  readonly redisUrl: string;
  readonly internalToken = 'kassa-internal-dev-token';
  readonly logDir: string;
  readonly serviceUrls: Record<string, string>;
  private readonly pgDatabase: string;
  private readonly procs = new Map<Target, Managed>();
  private readonly log: (line: string) => void;

  constructor(private readonly opts: FaultSystemOptions) {
    const stamp = Date.now();
    this.prefix = `faults_${stamp}`;
    this.pgDatabase = `kassa_faults_${stamp}`;
    this.url = `http://127.0.0.1:${opts.port}`;
    this.mongoUri = `mongodb://127.0.0.1:${opts.port + 6}/`;
    this.redisUrl = `redis://127.0.0.1:${opts.port + 5}`;
    this.logDir = mkdtempSync(join(tmpdir(), 'kassa-faults-'));
    this.log = opts.log ?? ((line) => console.log(line));
    this.serviceUrls = serviceEnv(opts.port);

    const redisDir = join(this.logDir, 'redis');
    mkdirSync(redisDir);
    this.procs.set(
      'redis',
      new Managed('redis', 'redis-server', ['--port', String(opts.port + 5), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', redisDir], process.env, join(this.logDir, 'redis.log')),
    );
    if (!existsSync(FERRETDB_BIN)) throw new Error('The fault run needs FerretDB (.tools/bin/ferretdb, built by npm install).');
    this.procs.set(
      'database',
      new Managed(
        'database',
        FERRETDB_BIN,
        [`--listen-addr=127.0.0.1:${opts.port + 6}`, '--handler=postgresql', `--postgresql-url=${PG_URL}/${this.pgDatabase}`],
        process.env,
        join(this.logDir, 'ferretdb.log'),
      ),
    );
    const base: NodeJS.ProcessEnv = {
      ...process.env,
      ...this.serviceUrls,
      MONGODB_URI: this.mongoUri,
      MONGODB_DB_PREFIX: this.prefix,
      REDIS_URL: this.redisUrl,
      QUEUE_PREFIX: this.prefix,
      INTERNAL_TOKEN: this.internalToken,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      SHELL_DIST: '',
      ...opts.env,
    };
    for (const spec of PROCESSES) {
      const env = { ...base, ...(spec.portOffset === undefined ? {} : { PORT: String(opts.port + spec.portOffset) }) };
      this.procs.set(spec.name as Target, new Managed(spec.name, process.execPath, ['--import', 'tsx', entryPath(spec)], env, join(this.logDir, `${spec.name}.log`)));
    }
  }

  private proc(target: Target): Managed {
    const p = this.procs.get(target);
    if (!p) throw new Error(`unknown process ${target}`);
    return p;
  }

  /** Waits until the target answers (health route, PING, or a database ping; workers: a moment to connect). */
  async ready(target: Target): Promise<void> {
    switch (target) {
      case 'redis':
        return until('redis', () => redisPing(this.redisUrl));
      case 'database':
        return until('FerretDB', () => mongoPing(this.mongoUri));
      case 'gateway':
        return until('gateway', () => httpOk(`${this.url}/api/health`));
      case 'accounts-worker':
      case 'payments-worker':
        return until(target, async () => this.proc(target).output.includes(`[${target}] running`));
      default: {
        const spec = PROCESSES.find((p) => p.name === target)!;
        return until(target, () => httpOk(`http://127.0.0.1:${this.opts.port + spec.portOffset!}/health`));
      }
    }
  }

  async start(): Promise<void> {
    if (!(await ensurePgDatabase(PG_URL, this.pgDatabase))) throw new Error('PostgreSQL does not answer on 127.0.0.1:5432; the fault run needs it for FerretDB.');
    for (const target of ['redis', 'database'] as Target[]) {
      this.proc(target).start();
      await this.ready(target);
    }
    for (const spec of PROCESSES) {
      this.proc(spec.name as Target).start();
      // Accounts seeds the demo on the empty database; the others must not start before that is done.
      await this.ready(spec.name as Target);
    }
    this.log(`Kassa for the fault run: ${this.url} (logs in ${this.logDir})`);
  }

  async kill(target: Target, signal: NodeJS.Signals): Promise<void> {
    await this.proc(target).stop(signal);
  }

  async restart(target: Target): Promise<void> {
    const p = this.proc(target);
    if (p.running) throw new Error(`${target} is still running`);
    p.start();
    await this.ready(target);
  }

  /** The target's process has ended by itself (a crash nobody asked for). */
  crashed(): Target[] {
    return [...this.procs.entries()].filter(([, p]) => p.child && !p.running).map(([t]) => t);
  }

  async stop(keepLogs: boolean): Promise<void> {
    const order = [...PROCESSES.map((p) => p.name as Target)].reverse();
    for (const target of [...order, 'database', 'redis'] as Target[]) await this.proc(target).stop('SIGTERM');
    for (const p of this.procs.values()) p.close();
    await dropPgDatabase(PG_URL, this.pgDatabase);
    if (!keepLogs) rmSync(this.logDir, { recursive: true, force: true });
  }
}
