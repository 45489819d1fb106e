import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import mongoose from 'mongoose';
import pg from 'pg';
import { join } from 'node:path';
import { pgDurability, ROOT } from '../../scripts/lib/local-mongo';
import { median, quantile } from './stats';
import { descendantsOf } from '@kassa/test-stack/system';

/** GOGC in the environment of the run's FerretDB (a process of the run started at `pid`), from /proc; Go's default is 100. */
function ferretDbGogc(pid: number): string {
  const ferretDb = descendantsOf(pid).find((p) => p.args.includes('ferretdb'));
  if (!ferretDb) return 'unknown (process not found)';
  try {
    const gogc = readFileSync(`/proc/${ferretDb.pid}/environ`, 'utf8').split('\0').find((v) => v.startsWith('GOGC='));
    return gogc ? gogc.slice(5) : '100 (unset)';
  } catch {
    return 'unknown (environment not readable)';
  }
}

/** The one-minute load average: read it before the benchmark starts anything. */
export const loadNow = () => loadavg()[0]!;

/** Busy and total CPU time of the whole machine so far, and what the hypervisor took of it (Linux /proc/stat, ticks). */
function cpuTicks(): { busy: number; total: number; steal: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait!, steal: steal! };
}
const AT_IMPORT = cpuTicks();

/**
 * The share of this machine's CPU time the hypervisor gave to others since the bench began (steal, /proc/stat): a
 * virtual machine on a crowded host is slower in a way the load average does not show.
 */
export function stealSinceStart(): string {
  const now = cpuTicks();
  const share = (now.steal - AT_IMPORT.steal) / Math.max(1, now.total - AT_IMPORT.total);
  return `Steal during the run (CPU time the hypervisor gave to others, /proc/stat): ${(share * 100).toFixed(1)}%.`;
}

/** A fixed piece of plain JavaScript (building, copying through JSON, sorting and grouping 20,000 small records). */
const REFERENCE_SCRIPT = `
const items = [];
for (let i = 0; i < 20000; i++) items.push({ id: 'p' + ((i * 7919) % 20000), name: 'Product ' + (i % 997) + ' ' + i, price: (i * 31) % 5000 });
const copy = JSON.parse(JSON.stringify(items));
copy.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.price - b.price));
const byId = new Map();
for (const it of copy) byId.set(it.id, (byId.get(it.id) ?? 0) + it.price);
return byId.size;`;

/**
 * Two readings of the host that every report gives, so two reports can be told apart by the machine before the code:
 * the CPU time of a fixed script (median of 5, after one run to warm up), and how long a message takes to another
 * process and back (2,000 round trips through a pipe). The second tracks what a figure made of many processes and
 * threads waking each other (a sale through five services, a page load through Chromium's processes) pays on a crowded
 * host; the first, what one busy thread pays.
 */
export async function hostReadings(): Promise<string> {
  const work = new Function(REFERENCE_SCRIPT) as () => number;
  work();
  const cpu: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    work();
    cpu.push(performance.now() - t0);
  }
  const echo = spawn(process.execPath, ['-e', "process.stdin.on('data', (d) => process.stdout.write(d))"], { stdio: ['pipe', 'pipe', 'ignore'] });
  const trips: number[] = [];
  try {
    for (let i = 0; i < 2100; i++) {
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        echo.stdout.once('data', () => resolve());
        echo.stdin.write('x');
      });
      // The first 100 wait for the child to start.
      if (i >= 100) trips.push(performance.now() - t0);
    }
  } finally {
    echo.kill();
  }
  const us = (ms: number) => Math.round(ms * 1000);
  return `Host readings: a fixed JavaScript script took ${median(cpu).toFixed(1)} ms in Node (median of 5); a message to another process and back took ${us(median(trips))} µs at the median (p99 ${us(quantile(trips, 0.99))} µs, 2,000 round trips through a pipe).`;
}

/** Quiet: under this share of the machine's CPU time busy, each second for QUIET_SECONDS in a row. */
const QUIET_BUSY = 0.15;
const QUIET_SECONDS = 5;
/** The longest waitForQuiet waits before the bench goes on anyway (and its report says so). */
const QUIET_MAX_SECONDS = 180;

interface Quiet {
  waitedS: number;
  quiet: boolean;
  /** The busy share of the last second measured. */
  lastBusy: number;
}

/**
 * Waits until the whole machine has been quiet for QUIET_SECONDS in a row, measured each second from /proc/stat, or
 * until QUIET_MAX_SECONDS have passed: a timed browser step is wall-clock time, and an install, a test run or the bench's
 * own seeding still finishing beside it (PostgreSQL's autovacuum after a bulk insert, say) is counted in it. Answers
 * how long it waited and whether the machine did go quiet, for the report (describeQuiet).
 */
export async function waitForQuiet(): Promise<Quiet> {
  const started = Date.now();
  let quietFor = 0;
  let lastBusy = 1;
  let before = cpuTicks();
  while (quietFor < QUIET_SECONDS && Date.now() - started < QUIET_MAX_SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuTicks();
    lastBusy = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    before = now;
    quietFor = lastBusy < QUIET_BUSY ? quietFor + 1 : 0;
  }
  return { waitedS: Math.round((Date.now() - started) / 1000), quiet: quietFor >= QUIET_SECONDS, lastBusy };
}

/** One report line for a waitForQuiet answer. */
export const describeQuiet = (what: string, q: Quiet) =>
  q.quiet
    ? `Before ${what}: waited ${q.waitedS} s for the machine to be quiet (under ${QUIET_BUSY * 100}% of its CPU busy for ${QUIET_SECONDS} s in a row).`
    : `WARNING: before ${what} the machine did not go quiet within ${q.waitedS} s (last second ${Math.round(q.lastBusy * 100)}% busy): these figures are not comparable.`;

/** FerretDB's own build does not embed its version; the module the project builds pins it. */
const pinnedFerretDb = () => /FerretDB\/FerretDB (v[\d.]+)/.exec(readFileSync(join(ROOT, 'scripts', 'ferretdb', 'go.mod'), 'utf8'))?.[1] ?? 'unknown';

/**
 * What a reader needs to trust a figure: the machine and how busy it was when the run began, and the database the
 * figure was measured on, with the settings of scripts/ferretdb/pg-tuning.sql that are really in force.
 */
export async function runFacts(opts: { pid: number; mongoUri: string; pgDatabase: string; load1: number; waitsForQuiet?: boolean; hostReadings?: boolean }): Promise<string[]> {
  const cores = cpus().length;
  const load1 = opts.load1;
  const lines = [`Machine: ${cores} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${load1.toFixed(2)} at the start of the run.`];
  // A bench that waits for a quiet machine before each timed part says so there (describeQuiet) instead: the one-minute
  // average still counts the minute before the run began.
  if (opts.hostReadings !== false) lines.push(await hostReadings());
  if (opts.waitsForQuiet) lines.push('The load average lags by a minute or more; each timed part below waited for the machine to be quiet first.');
  else if (load1 > cores * 0.5) lines.push(`WARNING: the machine was busy when the run began (load ${load1.toFixed(2)} on ${cores} cores): these figures are not comparable.`);

  const conn = await mongoose.createConnection(opts.mongoUri).asPromise();
  const info = (await conn.db!.admin().command({ buildInfo: 1 })) as { version: string; ferretdbVersion?: string };
  await conn.close();
  if (info.ferretdbVersion === undefined) {
    lines.push(`Database: MongoDB ${info.version}.`);
    return lines;
  }
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${opts.pgDatabase}` });
  await client.connect();
  try {
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
    // Database-wide settings, and any a role has in this database (those win over the database's).
    const settings = (
      await client.query<{ role: string | null; setconfig: string[] }>(
        'SELECT r.rolname AS role, s.setconfig FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase LEFT JOIN pg_roles r ON r.oid = s.setrole WHERE d.datname = current_database() ORDER BY s.setrole',
      )
    ).rows.flatMap((r) => r.setconfig.map((c) => (r.role ? `${c} (role ${r.role} in this database)` : c)));
    const durable = await pgDurability('postgres://postgres@127.0.0.1:5432', opts.pgDatabase);
    const twins = (
      await client.query<{ gin: string; emptied: string; total: string }>(
        "SELECT count(*) FILTER (WHERE indexdef ILIKE '%USING gin%') AS gin, count(*) FILTER (WHERE indexdef LIKE '% WHERE false') AS emptied, count(*) AS total FROM pg_indexes WHERE schemaname LIKE 'kassa_%'",
      )
    ).rows[0]!;
    lines.push(
      `Database: FerretDB ${info.ferretdbVersion === 'unknown' ? pinnedFerretDb() : info.ferretdbVersion} (MongoDB wire ${info.version}) on PostgreSQL ${version}, database "${opts.pgDatabase}"; settings: ${settings.join(', ') || 'none'}; in force for FerretDB's sessions: synchronous_commit=${durable.synchronousCommit}, fsync=${durable.fsync}; GIN index twins: ${twins.gin} of ${twins.total} indexes; unread btree indexes emptied: ${twins.emptied}; FerretDB's Go collector: GOGC=${ferretDbGogc(opts.pid)}.`,
    );
  } finally {
    await client.end();
  }
  return lines;
}
