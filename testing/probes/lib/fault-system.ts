/**
 * The whole of Kassa as separate child processes that the fault run can crash and bring back one at a time: its own
 * redis-server (append-only file in a temporary folder), its own PostgreSQL cluster (initdb in a temporary folder,
 * testing/probes/lib/pg-cluster.ts, so PostgreSQL itself can be crashed without touching the machine's shared server), its own
 * FerretDB on a fresh database of that cluster (always on the same port, so the services reconnect by themselves), and
 * every service and worker of scripts/lib/processes.ts with the environment `npm start` gives them. Nothing here is
 * shared with the machine's Redis, the machine's PostgreSQL or another run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import pg from 'pg';
import { ensurePgDatabase, FERRETDB_BIN, ferretDbArgs, ferretDbEnv, localMongoUri, localPool, type LocalPool, pgDurability, ROOT, type PgDurability } from '../../../scripts/lib/local-mongo';
import { databaseClients, entryPath, PROCESSES, replicaName, replicaPort, serviceEnv, type ProcSpec } from '../../../scripts/lib/processes';
import { seedDemo } from '../../../scripts/lib/supervisor';
import { alive, childPids, initPgCluster, type PgCluster } from './pg-cluster';

type Replicated = 'accounts' | 'catalog' | 'checkout' | 'payments' | 'accounts-worker' | 'payments-worker';
/** A process of the run; a service's or worker's second replica and on are `checkout-2` and the like. */
export type Target = Replicated | `${Replicated}-${number}` | 'gateway' | 'redis' | 'database' | 'postgresql';

export interface FaultSystemOptions {
  /** The gateway's port; services take the next four, Redis and FerretDB the two after those (PostgreSQL: a free port). */
  port: number;
  env?: Record<string, string>;
  log?: (line: string) => void;
  /**
   * 'off' measures the opt-out: `ALTER ROLE postgres IN DATABASE ... SET synchronous_commit = off` on the run's
   * database (this overrides the database-level `on` that local-mongo.ts sets), to show that the checks see the sales a
   * PostgreSQL crash then loses. Default: Kassa's own setting.
   */
  synchronousCommit?: 'off';
  /** How many of each service and worker run (the gateway is one), as `KASSA_REPLICAS` does for npm start. */
  replicas?: number;
}

/** Each process of the run with its spec and port, in start order (each service's replicas together). */
function layout(port: number, replicas: number): { name: Target; spec: ProcSpec; port?: number }[] {
  return PROCESSES.flatMap((spec) =>
    Array.from({ length: spec.name === 'gateway' ? 1 : replicas }, (_, k) => ({
      name: replicaName(spec, k) as Target,
      spec,
      ...(spec.portOffset === undefined ? {} : { port: replicaPort(port, spec.portOffset, k) }),
    })),
  );
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
    private readonly spawnAs: { uid?: number; gid?: number; cwd?: string; crashTree?: boolean } = {},
  ) {
    this.out = createWriteStream(logFile, { flags: 'a' });
  }

  start(): void {
    this.out.write(`\n===== start ${new Date().toISOString()} =====\n`);
    const child = spawn(this.command, this.args, {
      cwd: this.spawnAs.cwd ?? ROOT,
      env: this.env,
      uid: this.spawnAs.uid,
      gid: this.spawnAs.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

  /**
   * Sends the signal and waits for the process to end (SIGKILL after 15 s if a graceful stop hangs). With crashTree, a
   * SIGKILL also goes, in the same instant, to every child the process had (a postmaster's backends, WAL writer and
   * checkpointer), so nothing gets the chance to flush on its way out; then it waits until they are all gone.
   */
  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const tree = this.spawnAs.crashTree && signal === 'SIGKILL' && child.pid ? childPids(child.pid) : [];
    child.kill(signal);
    for (const pid of tree) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    const hung = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(hung);
    const deadline = Date.now() + 15_000;
    while (tree.some(alive) && Date.now() < deadline) await sleep(50);
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

/** PostgreSQL answers a query on the run's database, and FerretDB answers one that reaches PostgreSQL through it. */
async function storePing(pgUrl: string, uri: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
  const conn = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 1000 }).asPromise();
  try {
    await conn.db!.admin().command({ listDatabases: 1 });
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
  readonly pgDatabase: string;
  /** The run's own PostgreSQL cluster, once start() made it. */
  cluster: PgCluster | null = null;
  /** What FerretDB's sessions commit with, read after the database was set up. */
  durability: PgDurability | null = null;
  private readonly procs = new Map<Target, Managed>();
  private readonly layout: ReturnType<typeof layout>;
  /** The fault run's share of its FerretDB's PostgreSQL connections (scripts/lib/local-mongo.ts). */
  private readonly pool: LocalPool;
  private readonly log: (line: string) => void;
  private readonly env: NodeJS.ProcessEnv;
  /** What every service and worker starts with (and the demo seed runs with). */
  private readonly serviceBase: NodeJS.ProcessEnv;

  constructor(private readonly opts: FaultSystemOptions) {
    const stamp = Date.now();
    this.prefix = `faults_${stamp}`;
    this.pgDatabase = `kassa_faults_${stamp}`;
    this.url = `http://127.0.0.1:${opts.port}`;
    this.pool = localPool(databaseClients(opts.replicas ?? 1));
    this.mongoUri = localMongoUri(opts.port + 6, this.pool);
    this.redisUrl = `redis://127.0.0.1:${opts.port + 5}`;
    this.logDir = mkdtempSync(join(tmpdir(), 'kassa-faults-'));
    this.log = opts.log ?? ((line) => console.log(line));
    this.serviceUrls = serviceEnv(opts.port, opts.replicas ?? 1);
    this.layout = layout(opts.port, opts.replicas ?? 1);

    const redisDir = join(this.logDir, 'redis');
    mkdirSync(redisDir);
    this.procs.set(
      'redis',
      new Managed('redis', 'redis-server', ['--port', String(opts.port + 5), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', redisDir], process.env, join(this.logDir, 'redis.log')),
    );
    if (!existsSync(FERRETDB_BIN)) throw new Error('The fault run needs FerretDB (.tools/bin/ferretdb, built by npm install).');
    this.env = process.env;
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
    this.serviceBase = base;
    for (const { name, spec, port } of this.layout) {
      const env = { ...base, ...(port === undefined ? {} : { PORT: String(port) }) };
      this.procs.set(name, new Managed(name, process.execPath, ['--import', 'tsx', entryPath(spec)], env, join(this.logDir, `${name}.log`)));
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
      case 'postgresql':
        return until('PostgreSQL and FerretDB through it', () => storePing(`${this.cluster!.url}/${this.pgDatabase}`, this.mongoUri), 120_000);
      case 'redis':
        return until('redis', () => redisPing(this.redisUrl));
      case 'database':
        return until('FerretDB', () => mongoPing(this.mongoUri));
      case 'gateway':
        return until('gateway', () => httpOk(`${this.url}/api/health`));
      default: {
        const { spec, port } = this.layout.find((p) => p.name === target)!;
        // A worker serves no HTTP: it says when it runs (under its spec's name, whichever replica it is).
        if (port === undefined) return until(target, async () => this.proc(target).output.includes(`[${spec.name}] running`));
        return until(target, () => httpOk(`http://127.0.0.1:${port}/health`));
      }
    }
  }

  async start(): Promise<void> {
    const cluster = await initPgCluster();
    this.cluster = cluster;
    this.procs.set(
      'postgresql',
      new Managed('postgresql', cluster.command, cluster.args, { ...this.env, LC_ALL: 'C' }, join(this.logDir, 'postgresql.log'), {
        uid: cluster.uid,
        gid: cluster.gid,
        cwd: cluster.dataDir,
        crashTree: true,
      }),
    );
    this.procs.set(
      'database',
      new Managed('database', FERRETDB_BIN, ferretDbArgs(this.opts.port + 6, { pgUrl: cluster.url, pgDatabase: this.pgDatabase, pgConnections: this.pool.pgConnections }), ferretDbEnv(this.env), join(this.logDir, 'ferretdb.log')),
    );
    this.proc('postgresql').start();
    await until('PostgreSQL', async () => ensurePgDatabase(cluster.url, this.pgDatabase), 60_000);
    if (this.opts.synchronousCommit === 'off') {
      const client = new pg.Client({ connectionString: `${cluster.url}/postgres` });
      await client.connect();
      await client.query(`ALTER ROLE postgres IN DATABASE "${this.pgDatabase}" SET synchronous_commit = off`);
      await client.end();
    }
    this.durability = await pgDurability(cluster.url, this.pgDatabase);
    for (const target of ['redis', 'database'] as Target[]) {
      this.proc(target).start();
      await this.ready(target);
    }
    // The demo data, as `npm start` seeds it, before any service starts.
    seedDemo(this.serviceBase);
    for (const { name } of this.layout) {
      this.proc(name).start();
      await this.ready(name);
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
    const order = this.layout.map((p) => p.name).reverse();
    for (const target of [...order, 'database', 'redis'] as Target[]) await this.proc(target).stop('SIGTERM');
    // SIGINT: PostgreSQL's fast shutdown (SIGTERM would wait for every client to leave).
    if (this.procs.has('postgresql')) await this.proc('postgresql').stop('SIGINT');
    for (const p of this.procs.values()) p.close();
    // The cluster's folder holds its data; kept with the logs when asked, so a failure can be read afterwards.
    if (this.cluster && !keepLogs) rmSync(join(this.cluster.dataDir, '..'), { recursive: true, force: true });
    if (!keepLogs) rmSync(this.logDir, { recursive: true, force: true });
  }
}
