import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FERRETDB_BIN = join(ROOT, '.tools', 'bin', 'ferretdb');
const PG_TUNING_SQL = join(ROOT, 'scripts', 'ferretdb', 'pg-tuning.sql');

export interface LocalMongo {
  /** Base URI without a database name, with each client's share of the pool, e.g. mongodb://127.0.0.1:27017/?maxPoolSize=5 */
  uri: string;
  kind: 'ferretdb-postgresql' | 'ferretdb-sqlite';
  description: string;
  stop: () => Promise<void>;
}

export interface LocalMongoOptions {
  port?: number;
  /** PostgreSQL database FerretDB stores into (created when missing). */
  pgDatabase: string;
  /** Folder for the SQLite handler when PostgreSQL does not answer. */
  sqliteDir: string;
  pgUrl?: string;
  /** How many processes (or in-process apps) will connect at once: each gets its share of the pool (localPool). */
  clients?: number;
  log?: (line: string) => void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** Creates the PostgreSQL database when PostgreSQL answers; false when it does not. */
export async function ensurePgDatabase(pgUrl: string, database: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${pgUrl}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    const quoted = `"${database.replace(/"/g, '')}"`;
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${quoted}`);
    // See pg-tuning.sql: a sale is acknowledged only once its commit is on the disk (synchronous_commit on, stated
    // here so it holds whatever the server's default is, and so it corrects databases an older Kassa set to off),
    // and every query planned with its values (so the index twins are used).
    await client.query(`ALTER DATABASE ${quoted} SET synchronous_commit = on`);
    await client.query(`ALTER DATABASE ${quoted} SET plan_cache_mode = force_custom_plan`);
  } finally {
    await client.end();
  }
  await tunePgDatabase(pgUrl, database);
  const durability = await pgDurability(pgUrl, database);
  if (!durability.durable) {
    console.warn(
      `[local-mongo] WARNING: PostgreSQL database "${database}" does not wait for the disk before it acknowledges a commit ` +
        `(synchronous_commit=${durability.synchronousCommit}, fsync=${durability.fsync} in FerretDB's sessions): a crash of PostgreSQL ` +
        'or of the machine can lose sales the till was told succeeded.',
    );
  }
  return true;
}

export interface PgDurability {
  /** The value a new session of this role in this database gets (database, role and role-in-database settings). */
  synchronousCommit: string;
  fsync: string;
  /** A commit is acknowledged only after its WAL is flushed to the disk. */
  durable: boolean;
}

/** What a new session on the database, as the URL's role (the one FerretDB connects as), commits with. */
export async function pgDurability(pgUrl: string, database: string): Promise<PgDurability> {
  const client = new pg.Client({ connectionString: `${pgUrl}/${database}`, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    const synchronousCommit = (await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit;
    const fsync = (await client.query<{ fsync: string }>('SHOW fsync')).rows[0]!.fsync;
    // local, remote_write, on and remote_apply all wait for the local flush; only off does not.
    return { synchronousCommit, fsync, durable: synchronousCommit !== 'off' && fsync === 'on' };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Index twins that let PostgreSQL serve FerretDB's pushed-down filters (scripts/ferretdb/pg-tuning.sql). */
async function tunePgDatabase(pgUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${pgUrl}/${database}`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(readFileSync(PG_TUNING_SQL, 'utf8'));
  } catch (err) {
    // Without it FerretDB still answers, only slower (an event trigger needs a superuser).
    console.warn(`[local-mongo] could not tune PostgreSQL database "${database}" for FerretDB: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function dropPgDatabase(pgUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${pgUrl}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${database.replace(/"/g, '')}" WITH (FORCE)`);
  } catch {
    /* best effort: a test database left behind is harmless */
  } finally {
    await client.end().catch(() => undefined);
  }
}

function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = pattern.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] ?? m[0]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code}:\n${output}`));
    });
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/**
 * How a local FerretDB and Kassa's MongoDB clients share PostgreSQL connections.
 *
 * FerretDB 1.24 on PostgreSQL stops for good when its pool of PostgreSQL connections fills with findAndModify commands
 * (mongoose's findOneAndUpdate): each keeps the connection its query holds while its update waits for a second one,
 * and none comes back. Reproduced with 16 clients on a pool of 4 (at once) and 200 on FerretDB's default of 50 (within
 * two seconds); with fewer clients than connections it never stopped. Kassa's processes could together open 300
 * (6 processes, 50 each), so the local database gets a pool of known size and hands out a URI whose maxPoolSize keeps
 * all `clients` together at 30 at most: fewer than the pool by 10, the room for open cursors, which hold a PostgreSQL
 * connection between a client's batches.
 */
export interface LocalPool {
  /** MongoDB connections each client may open (the URI's maxPoolSize). */
  maxPoolSize: number;
  /** PostgreSQL connections FerretDB may open (its pool_max_conns). */
  pgConnections: number;
}

export function localPool(clients: number): LocalPool {
  const maxPoolSize = Math.max(2, Math.floor(30 / Math.max(1, clients)));
  return { maxPoolSize, pgConnections: Math.max(40, clients * maxPoolSize + 10) };
}

/** The URI Kassa's processes connect to a local FerretDB with, carrying their share of its pool. */
export const localMongoUri = (port: number, pool: LocalPool) => `mongodb://127.0.0.1:${port}/?maxPoolSize=${pool.maxPoolSize}`;

/**
 * FerretDB's command line: on the PostgreSQL database `pgDatabase` of the server at `pgUrl` (the machine's
 * PostgreSQL for `npm start` and the tests, a cluster of its own for the fault run) with a pool of `pgConnections`,
 * or on SQLite in `sqliteDir`.
 */
export function ferretDbArgs(port: number, store: { pgUrl: string; pgDatabase: string; pgConnections: number } | { sqliteDir: string }): string[] {
  const args = [`--listen-addr=127.0.0.1:${port}`];
  if ('pgUrl' in store) args.push('--handler=postgresql', `--postgresql-url=${store.pgUrl}/${store.pgDatabase}?pool_max_conns=${store.pgConnections}`);
  else args.push('--handler=sqlite', `--sqlite-url=file:${store.sqliteDir.replace(/\/?$/, '/')}`);
  return args;
}

/**
 * FerretDB's environment: Go's collector runs when the heap has grown by 400% (GOGC=400) instead of 100%, unless the
 * caller sets GOGC. FerretDB's live heap is small and every request makes garbage: under bench/checkout's 32 tills the
 * default collector cost about a fifth of FerretDB's CPU per sale (1.24-1.25 against 0.90-1.13 ms, its peak RSS 36 against
 * 48 MB; docs/decisions.md).
 */
export const ferretDbEnv = (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({ ...env, GOGC: env.GOGC ?? '400' });

/**
 * Starts the local MongoDB-wire server of ARCHITECTURE.md: FerretDB on PostgreSQL where it answers, else FerretDB on
 * SQLite. There is no in-memory fallback: a test or a bar evening on a server that loses its data, or that the tests
 * do not run on, would tell nothing; without FerretDB this stops with what to do.
 */
export async function startLocalMongo(opts: LocalMongoOptions): Promise<LocalMongo> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const port = opts.port ?? (await freePort());
  const pgUrl = opts.pgUrl ?? 'postgres://postgres@127.0.0.1:5432';

  if (existsSync(FERRETDB_BIN)) {
    const usePg = await ensurePgDatabase(pgUrl, opts.pgDatabase);
    if (!usePg) mkdirSync(opts.sqliteDir, { recursive: true });
    const pool = localPool(opts.clients ?? 12);
    const args = ferretDbArgs(port, usePg ? { pgUrl, pgDatabase: opts.pgDatabase, pgConnections: pool.pgConnections } : { sqliteDir: opts.sqliteDir });
    const child = spawn(FERRETDB_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'], env: ferretDbEnv() });
    await waitForLine(child, /FERRETDB_URI=(\S+)/, 20_000, 'FerretDB');
    child.stdout?.resume();
    child.stderr?.on('data', (d: Buffer) => {
      const text = d.toString().trim();
      if (/level=ERROR/.test(text)) log(`[ferretdb] ${text}`);
    });
    const description = usePg
      ? `FerretDB 1.24.2 on PostgreSQL database "${opts.pgDatabase}" (127.0.0.1:${port}; ${pool.pgConnections} PostgreSQL connections, ${pool.maxPoolSize} MongoDB connections a process)`
      : `FerretDB 1.24.2 on SQLite in ${opts.sqliteDir} (127.0.0.1:${port})`;
    return { uri: localMongoUri(port, pool), kind: usePg ? 'ferretdb-postgresql' : 'ferretdb-sqlite', description, stop: stopper(child) };
  }

  throw new Error(
    'No local database: FerretDB is not built in .tools/bin (it needs Go; run `npm install` again and read its output). ' +
      'Or set MONGODB_URI to a MongoDB server.',
  );
}
