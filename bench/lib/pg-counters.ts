/**
 * Counters of the machine's PostgreSQL and of processes, read before and after a benchmark's load: what the load cost
 * (bench/cost-per-sale, bench/growth).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { descendantsOf } from './system';

const PG_URL = 'postgres://postgres@127.0.0.1:5432';
const TICK_MS = 1000 / 100; // USER_HZ on Linux

/**
 * How long after a load pg_stat_database (and pg_stat_user_tables) has counted all of it. A PostgreSQL 15 backend
 * reports its counters at the end of a transaction at most once a second, and what is left when it goes idle 10 s
 * later (PGSTAT_IDLE_INTERVAL). Measured here: 500 commits from one connection in under a second read as 1 for 3 s
 * afterwards, and as 500 after 6 s. Read the counters of a load this long after it, with the processes idle meanwhile.
 */
export const PG_STATS_DELAY_MS = 11_000;

/** A process's CPU time so far (user + system), in ms. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Which part of Kassa a process is, from its command line. */
function partOf(args: string): string {
  const m = /services\/(\w+)\/src\/(server|worker)\.ts/.exec(args);
  if (m) return m[2] === 'worker' ? `${m[1]}-worker` : m[1]!;
  if (args.includes('ferretdb')) return 'ferretdb';
  if (args.includes('redis-server')) return 'redis';
  return 'other';
}

/** The CPU time so far (ms) of every process a run started (`root`: its scripts/start.ts), added up by part of Kassa. */
export function cpuByPart(root: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of descendantsOf(root)) out.set(partOf(p.args), (out.get(partOf(p.args)) ?? 0) + cpuMs(p.pid));
  return out;
}

export interface PgSnapshot {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
  walBytes: bigint;
  backendCpuMs: number;
}

export async function pgSnapshot(database: string): Promise<PgSnapshot> {
  const client = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await client.connect();
  try {
    const s = await client.query<{ xact_commit: string; tup_inserted: string; tup_updated: string; tup_deleted: string }>(
      'SELECT xact_commit, tup_inserted, tup_updated, tup_deleted FROM pg_stat_database WHERE datname = $1',
      [database],
    );
    const wal = await client.query<{ lsn: string }>("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS lsn");
    const backends = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
    const row = s.rows[0]!;
    return {
      commits: Number(row.xact_commit),
      inserted: Number(row.tup_inserted),
      updated: Number(row.tup_updated),
      deleted: Number(row.tup_deleted),
      walBytes: BigInt(wal.rows[0]!.lsn.split('.')[0]!),
      // Backends are the machine's PostgreSQL's children, not the run's; read by their pids while they live.
      backendCpuMs: backends.rows.reduce((n, b) => n + cpuMs(b.pid), 0),
    };
  } finally {
    await client.end();
  }
}

/** Per table of the run's database (FerretDB: schema = database, table = collection and a hash): how it was read. */
export interface TableReads {
  seqScans: number;
  seqRowsRead: number;
  indexScans: number;
}

export async function pgTableReads(database: string): Promise<Map<string, TableReads>> {
  const client = new pg.Client({ connectionString: `${PG_URL}/${database}` });
  await client.connect();
  try {
    const rows = await client.query<{ name: string; seq_scan: string; seq_tup_read: string; idx_scan: string | null }>(
      "SELECT schemaname || '.' || relname AS name, seq_scan, seq_tup_read, idx_scan FROM pg_stat_user_tables",
    );
    return new Map(rows.rows.map((r) => [r.name, { seqScans: Number(r.seq_scan), seqRowsRead: Number(r.seq_tup_read), indexScans: Number(r.idx_scan ?? 0) }]));
  } finally {
    await client.end();
  }
}

/** A stretch of time (ms since the epoch) in which PostgreSQL was seen doing something of its own. */
export interface Busy {
  from: number;
  to: number;
  what: string;
}

/** What PostgreSQL did on its own while a load ran: the usual suspects of a latency spike, counted and timed. */
export interface StoreActivity {
  /** Checkpoints completed: on schedule (checkpoint_timeout) and asked for (max_wal_size reached, or CHECKPOINT). */
  checkpointsTimed: number;
  checkpointsRequested: number;
  /** Time the checkpointer spent syncing files to disk, the stall-prone part of a checkpoint (ms). */
  checkpointSyncMs: number;
  /** Autovacuum and autoanalyze runs completed on the run's database. */
  autovacuums: number;
  autoanalyzes: number;
  /** When a checkpoint was writing or syncing files and when an autovacuum worker was at work on the run's database. */
  busy: Busy[];
}

/**
 * Whether the checkpointer is writing or syncing files (running, or in an I/O wait): the part of a checkpoint that
 * competes with the sales for the disk. Idle (CheckpointerMain) and the pauses of a checkpoint spread over
 * checkpoint_timeout (CheckpointWriteDelay) are not.
 */
const checkpointWriting = (waitEvent: string | null) => waitEvent !== 'CheckpointerMain' && waitEvent !== 'CheckpointWriteDelay';

interface Counters {
  timed: number;
  requested: number;
  syncMs: number;
  vacuums: number;
  analyzes: number;
}

async function counters(server: pg.Client, run: pg.Client): Promise<Counters> {
  const bg = await server.query<{ checkpoints_timed: string; checkpoints_req: string; checkpoint_sync_time: number }>(
    'SELECT checkpoints_timed, checkpoints_req, checkpoint_sync_time FROM pg_stat_bgwriter',
  );
  const tables = await run.query<{ vacuums: string | null; analyzes: string | null }>(
    'SELECT sum(autovacuum_count) AS vacuums, sum(autoanalyze_count) AS analyzes FROM pg_stat_user_tables',
  );
  const b = bg.rows[0]!;
  const t = tables.rows[0]!;
  return { timed: Number(b.checkpoints_timed), requested: Number(b.checkpoints_req), syncMs: Number(b.checkpoint_sync_time), vacuums: Number(t.vacuums ?? 0), analyzes: Number(t.analyzes ?? 0) };
}

/**
 * Watches PostgreSQL while a load runs: every `everyMs`, whether the checkpointer is writing or syncing and which autovacuum workers are at work on the run's database; at `stop()`, what completed meanwhile.
 * Activity statistics are per backend and reach the counters at most a second late, so read `stop()` a second or
 * two after the load for the counts to be whole.
 */
export async function watchStore(database: string, everyMs = 200): Promise<{ stop: () => Promise<StoreActivity> }> {
  const server = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  const run = new pg.Client({ connectionString: `${PG_URL}/${database}` });
  await Promise.all([server.connect(), run.connect()]);
  const before = await counters(server, run);
  const open = new Map<string, Busy>();
  const busy: Busy[] = [];
  let polling = Promise.resolve();
  const poll = async () => {
    const now = Date.now();
    const rows = await server.query<{ backend_type: string; wait_event: string | null; query: string | null }>(
      "SELECT backend_type, wait_event, query FROM pg_stat_activity WHERE backend_type = 'checkpointer' OR (backend_type = 'autovacuum worker' AND datname = $1)",
      [database],
    );
    const seen = new Set<string>();
    for (const r of rows.rows) {
      const what = r.backend_type !== 'checkpointer' ? (r.query ?? 'autovacuum').replace(/_[0-9a-f]{8}\b/g, '') : checkpointWriting(r.wait_event) ? 'checkpoint writing or syncing' : null;
      if (!what) continue;
      seen.add(what);
      const current = open.get(what);
      if (current) current.to = now;
      else open.set(what, { from: now, to: now, what });
    }
    for (const [what, b] of open) {
      if (seen.has(what)) continue;
      busy.push(b);
      open.delete(what);
    }
  };
  const timer = setInterval(() => {
    polling = polling.then(poll).catch(() => {});
  }, everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await polling;
      busy.push(...open.values());
      const after = await counters(server, run);
      await Promise.all([server.end(), run.end()]);
      return {
        checkpointsTimed: after.timed - before.timed,
        checkpointsRequested: after.requested - before.requested,
        checkpointSyncMs: after.syncMs - before.syncMs,
        autovacuums: after.vacuums - before.vacuums,
        autoanalyzes: after.analyzes - before.analyzes,
        busy: busy.sort((a, b) => a.from - b.from),
      };
    },
  };
}

/**
 * Brings the run's database to the state a store reaches on its own between busy evenings: every table vacuumed and
 * analysed, and the dirty pages written by a checkpoint. After a bulk load this is the maintenance PostgreSQL would
 * otherwise do in the middle of the next measurement. Answers the seconds it took.
 */
export async function settleStore(database: string): Promise<number> {
  const started = performance.now();
  const run = new pg.Client({ connectionString: `${PG_URL}/${database}` });
  await run.connect();
  try {
    await run.query('VACUUM (ANALYZE)');
    await run.query('CHECKPOINT');
  } finally {
    await run.end();
  }
  return (performance.now() - started) / 1000;
}
