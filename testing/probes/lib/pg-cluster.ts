/**
 * A PostgreSQL cluster of the fault run's own, so that it can kill PostgreSQL with SIGKILL: the machine's PostgreSQL
 * (127.0.0.1:5432) is a shared service that other people's tests use and is never touched. initdb with the Debian
 * binaries (/usr/lib/postgresql/<newest>/bin) into a temporary folder, trust authentication for `postgres` on
 * 127.0.0.1 only, a free port, its socket in its own folder. initdb and postgres refuse to run as root, so as root
 * they run as the `postgres` user of the machine.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/lib/local-mongo';

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT (no database), the form local-mongo.ts takes. */
  url: string;
  port: number;
  dataDir: string;
  version: string;
  /** The postmaster's command line, to spawn (and spawn again after a crash). */
  command: string;
  args: string[];
  /** Run as this user and group (the `postgres` user when this process is root). */
  uid?: number;
  gid?: number;
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql).');
  return join(base, newest, 'bin');
}

/** initdb into a fresh temporary folder; the cluster is not started. */
export async function initPgCluster(): Promise<PgCluster> {
  const bin = binDir();
  const root = mkdtempSync(join(tmpdir(), 'kassa-faults-pg-'));
  const asRoot = process.getuid?.() === 0;
  let uid: number | undefined;
  let gid: number | undefined;
  if (asRoot) {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  const dataDir = join(root, 'data');
  execFileSync(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-instructions'], {
    cwd: root,
    uid,
    gid,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await freePort();
  const version = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    port,
    dataDir,
    version,
    command: join(bin, 'postgres'),
    // fsync and synchronous_commit stay at their defaults (on): what is measured is the setting Kassa puts on its database.
    args: ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${root}`, '-c', 'max_connections=200'],
    uid,
    gid,
  };
}

/** The pids whose parent is `pid` (Linux /proc), to crash a postmaster together with its backends. */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return out;
}

/** The process exists and is not a zombie. */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
