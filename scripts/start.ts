/**
 * `npm start`: the whole of Kassa on one machine with no environment variables. Starts (or reuses) Redis and the
 * local MongoDB-wire server, builds the front-ends that are missing or older than their sources, starts every service,
 * worker and the gateway, seeds demo data on an empty database and prints where to go. Ctrl-C stops everything it
 * started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ROOT, startLocalMongo, type LocalMongo } from './lib/local-mongo';
import { staleReason } from './lib/frontend-builds';
import { entryPath, FRONTENDS, PROCESSES, serviceEnv } from './lib/processes';

const port = Number(process.env.PORT ?? 8080);
const dataDir = process.env.KASSA_DATA_DIR ?? join(ROOT, '.data');
const pgDatabase = process.env.KASSA_PG_DATABASE ?? 'kassa';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const children: ChildProcess[] = [];
let mongo: LocalMongo | undefined;
let stopping = false;

const log = (msg: string) => console.log(`[kassa] ${msg}`);

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function ensureRedis(): Promise<void> {
  if (await redisAnswers(redisUrl)) return log(`Redis: ${redisUrl}`);
  if (process.env.REDIS_URL) throw new Error(`Redis does not answer at ${redisUrl} (REDIS_URL).`);
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (which.status !== 0) {
    throw new Error('Redis does not answer on 127.0.0.1:6379 and redis-server is not installed. Install it (apt-get install redis-server) or set REDIS_URL.');
  }
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn('redis-server', ['--port', '6379', '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''], { stdio: 'ignore' });
  children.push(child);
  for (let i = 0; i < 50; i++) {
    if (await redisAnswers(redisUrl)) return log(`Redis: started redis-server on 127.0.0.1:6379 (data in ${dir})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

/** Builds each front-end that is missing or older than its sources, so `npm start` never serves a stale build. */
function buildStaleFrontends(): void {
  if (process.env.KASSA_NO_FRONTENDS === '1') return;
  const force = process.env.KASSA_REBUILD === '1';
  for (const app of FRONTENDS) {
    const reason = force ? 'KASSA_REBUILD=1' : staleReason(ROOT, app);
    if (!reason) continue;
    log(`building ${app} (${reason})...`);
    const res = spawnSync('npm', ['run', 'build', '-w', app], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    if (res.status !== 0) throw new Error(`building ${app} failed`);
  }
}

function startProcess(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}]`.padEnd(18);
  const pipe = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let buf = '';
    stream?.on('data', (d: Buffer) => {
      buf += d.toString();
      let i: number;
      while ((i = buf.indexOf('\n')) >= 0) {
        out.write(`${prefix} ${buf.slice(0, i)}\n`);
        buf = buf.slice(i + 1);
      }
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) log(`${name} stopped (${signal ?? code}); the rest keeps running.`);
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function stopAll(code = 0): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  log('stopping...');
  for (const child of [...children].reverse()) child.kill('SIGTERM');
  await Promise.all(
    children.map((c) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())))),
  ).catch(() => undefined);
  await mongo?.stop();
  process.exit(code);
}

async function main() {
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  mkdirSync(dataDir, { recursive: true });

  await ensureRedis();
  let mongoUri = process.env.MONGODB_URI;
  if (mongoUri) {
    log(`Database: MongoDB at ${mongoUri.replace(/\/\/[^@]*@/, '//***@')} (MONGODB_URI)`);
  } else {
    mongo = await startLocalMongo({ pgDatabase, sqliteDir: join(dataDir, 'ferretdb'), port: Number(process.env.KASSA_MONGO_PORT ?? 27017) || undefined });
    mongoUri = mongo.uri;
    log(`Database: ${mongo.description}`);
  }

  buildStaleFrontends();

  const base: NodeJS.ProcessEnv = {
    ...process.env,
    ...serviceEnv(port),
    MONGODB_URI: mongoUri,
    REDIS_URL: redisUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  for (const spec of PROCESSES) {
    if (!existsSync(entryPath(spec))) continue;
    const env = { ...base, ...(spec.portOffset === undefined ? {} : { PORT: String(port + spec.portOffset) }) };
    startProcess(spec.name, entryPath(spec), env);
    if (spec.portOffset !== undefined && spec.portOffset > 0) {
      if (!(await waitFor(`http://127.0.0.1:${port + spec.portOffset}/health`, 60_000))) throw new Error(`${spec.name} did not start`);
    }
  }
  if (!(await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000))) throw new Error('the gateway did not start');

  console.log(`
  Kassa is running:  http://localhost:${port}

  Demo logins (username / password):
    admin  / admin    administrator, every capability
    bar    / bar      register "Bar": cash, card, any account without PIN, other, undo
    till   / till     register "Till": cash, card, account with PIN, other, undo
    member / member   own account (PIN 1234, € 25,00)
    newbie / newbie   no account yet: account setup

  Stop with Ctrl-C.
`);
}

main().catch(async (err: Error) => {
  console.error(`[kassa] ${err.message}`);
  await stopAll(1);
});
