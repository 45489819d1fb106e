/**
 * Counters of the machine's PostgreSQL and of processes, read before and after a benchmark's load: what the load cost
 * (bench/cost-per-sale, bench/growth).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const PG_URL = 'postgres://postgres@127.0.0.1:5432';
const TICK_MS = 1000 / 100; // USER_HZ on Linux

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
