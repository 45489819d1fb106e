/**
 * Counters of the machine's PostgreSQL and of processes, read before and after a benchmark's load: what the load cost
 * (bench/checkout).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { descendantsOf } from '@kassa/test-stack/system';

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

/** The resident memory (MB) of every process a run started, the largest of each part of Kassa. */
export function rssByPart(root: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of descendantsOf(root)) out.set(partOf(p.args), Math.max(out.get(partOf(p.args)) ?? 0, Math.round(p.rssKb / 1024)));
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
