import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { dropPgDatabase, ensurePgDatabase, freePort, ROOT } from '../../../scripts/lib/local-mongo';

const PG_URL = 'postgres://postgres@127.0.0.1:5432';

export interface RunningSystem {
  url: string;
  /** The process id of this run's scripts/start.ts: every process of the run is one of its descendants. */
  pid: number;
  mongoUri: string;
  pgDatabase: string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  port?: number;
  env?: Record<string, string>;
  /**
   * 'off' measures what durable commits cost: the fresh database is made beforehand and given
   * `ALTER ROLE postgres IN DATABASE ... SET synchronous_commit = off`, which overrides the database-level `on` that
   * scripts/lib/local-mongo.ts sets on every start (and which it warns about). Kassa itself has no such switch.
   */
  synchronousCommit?: 'off';
}

/** Starts the whole of Kassa (scripts/start.ts) on its own port and a fresh database, for a benchmark run. */
export async function startSystem(opts: StartOptions = {}): Promise<RunningSystem> {
  const port = opts.port ?? 28080;
  const mongoPort = await freePort();
  const pgDatabase = `kassa_bench_${Date.now()}_${port}`;
  if (opts.synchronousCommit === 'off') {
    if (!(await ensurePgDatabase(PG_URL, pgDatabase))) throw new Error('PostgreSQL does not answer on 127.0.0.1:5432');
    const client = new pg.Client({ connectionString: `${PG_URL}/postgres` });
    await client.connect();
    try {
      await client.query(`ALTER ROLE postgres IN DATABASE "${pgDatabase}" SET synchronous_commit = off`);
    } finally {
      await client.end();
    }
  }
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      KASSA_PG_DATABASE: pgDatabase,
      KASSA_DATA_DIR: join(ROOT, '.data', pgDatabase),
      KASSA_MONGO_PORT: String(mongoPort),
      QUEUE_PREFIX: pgDatabase,
      LOGIN_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  /** Stops Kassa with everything it started (it leads its own process group). */
  const stopKassa = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* stopped already */
    }
  };
  // A bench that dies (an uncaught error, `timeout`'s SIGTERM, Ctrl-C) takes its Kassa with it. Left running, that
  // Kassa held the next run's ports (48080-48084) without its FerretDB, and the next run got 503s from it.
  process.once('exit', stopKassa);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 300_000;
  for (;;) {
    const failure = child.exitCode !== null ? 'kassa exited early' : Date.now() > until ? 'kassa did not start' : null;
    if (failure) {
      // What did start stops, and the database made for this run goes too (a failed start once left one behind).
      stopKassa();
      await dropPgDatabase(PG_URL, pgDatabase).catch(() => undefined);
      throw new Error(`${failure}:\n${output.slice(-3000)}`);
    }
    if (output.includes('Kassa is running')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    pid: child.pid!,
    mongoUri: `mongodb://127.0.0.1:${mongoPort}/`,
    pgDatabase,
    stop: async () => {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      stopKassa();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      await dropPgDatabase(PG_URL, pgDatabase);
    },
  };
}

// On SIGINT or SIGTERM a bench exits, so the 'exit' handlers of startSystem stop the Kassas it started.
process.once('SIGINT', () => process.exit(130));
process.once('SIGTERM', () => process.exit(143));

export async function api<T>(url: string, path: string, opts: { token?: string; body?: unknown; method?: string } = {}): Promise<T> {
  const res = await fetch(url + path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as { error: boolean; errorMessage: string; result: T };
  if (json.error) throw new Error(`${path}: ${res.status} ${json.errorMessage}`);
  return json.result;
}

export const login = async (url: string, username: string) =>
  (await api<{ access_token: string }>(url, '/api/login/', { body: { username, password: username } })).access_token;

/**
 * The processes descended from `root` (its children, their children, ...), with their command line and resident
 * memory: what one benchmark run started, and nothing of another run or another checkout on the same machine.
 */
export function descendantsOf(root: number): { pid: number; rssKb: number; args: string }[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), rssKb: Number(m[3]), args: m[4]! }));
  const ours = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (!ours.has(row.pid) && ours.has(row.ppid)) {
        ours.add(row.pid);
        grew = true;
      }
    }
  }
  return rows.filter((r) => r.pid !== root && ours.has(r.pid)).map(({ pid, rssKb, args }) => ({ pid, rssKb, args }));
}
