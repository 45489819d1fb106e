/**
 * What `npm start` and `npm run dev` both do: start (or reuse) Redis and the local database, run child processes with
 * their output prefixed by name, wait for them to answer, and stop everything they started on Ctrl-C or SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startMailCatcher } from '@kassa/test-stack/mail';
import { ROOT, startLocalMongo } from './local-mongo';
import { databaseClients, entryPath, PROCESSES, replicaCount, replicaName, replicaPort, SEED_COMMANDS, serviceEnv } from './processes';

export interface Settings {
  /** The gateway's port; services take the next four. */
  port: number;
  dataDir: string;
  pgDatabase: string;
  redisUrl: string;
}

/** The settings both commands read from the environment, with the same defaults. */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  return {
    port: Number(env.PORT ?? 8080),
    dataDir: env.KASSA_DATA_DIR ?? join(ROOT, '.data'),
    pgDatabase: env.KASSA_PG_DATABASE ?? 'kassa',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

export const log = (msg: string) => console.log(`[kassa] ${msg}`);

export async function waitFor(url: string, timeoutMs: number): Promise<boolean> {
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

/** The child processes of one `npm start` or `npm run dev`, and how to stop them all. */
export class Supervisor {
  private readonly children: ChildProcess[] = [];
  private readonly cleanups: (() => Promise<void>)[] = [];
  private stopping = false;

  /** Stops everything on Ctrl-C and SIGTERM. */
  handleSignals(): void {
    process.on('SIGINT', () => void this.stopAll(0));
    process.on('SIGTERM', () => void this.stopAll(0));
  }

  /** Runs `fn` when stopping, after the child processes have gone (e.g. stopping the database). */
  onStop(fn: () => Promise<void>): void {
    this.cleanups.push(fn);
  }

  /**
   * Starts `command args` as a child in this process group (so whoever kills the group, e.g. a test runner, kills
   * them too), with each line of its output prefixed by `[name]`.
   */
  run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
      if (!this.stopping) log(`${name} stopped (${signal ?? code}); the rest keeps running.`);
    });
    this.children.push(child);
    return child;
  }

  /** A child that is not ours to prefix (redis-server): stopped with the rest. */
  adopt(child: ChildProcess): void {
    this.children.push(child);
  }

  async stopAll(code = 0): Promise<never> {
    if (this.stopping) process.exit(code);
    this.stopping = true;
    log('stopping...');
    const running = this.children.filter((c) => c.exitCode === null && c.signalCode === null);
    const exited = running.map((c) => new Promise<void>((r) => c.once('exit', () => r())));
    for (const child of [...running].reverse()) child.kill('SIGTERM');
    const late = setTimeout(() => running.forEach((c) => c.kill('SIGKILL')), 10_000);
    await Promise.all(exited);
    clearTimeout(late);
    for (const fn of this.cleanups.reverse()) await fn().catch(() => undefined);
    process.exit(code);
  }
}

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

/** Uses the Redis at `settings.redisUrl`; with none there and no REDIS_URL, starts redis-server under the data folder. */
export async function ensureRedis(sup: Supervisor, { redisUrl, dataDir }: Settings): Promise<void> {
  if (await redisAnswers(redisUrl)) return log(`Redis: ${redisUrl}`);
  if (process.env.REDIS_URL) throw new Error(`Redis does not answer at ${redisUrl} (REDIS_URL).`);
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (which.status !== 0) {
    throw new Error('Redis does not answer on 127.0.0.1:6379 and redis-server is not installed. Install it (apt-get install redis-server) or set REDIS_URL.');
  }
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  sup.adopt(spawn('redis-server', ['--port', '6379', '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''], { stdio: 'ignore' }));
  for (let i = 0; i < 50; i++) {
    if (await redisAnswers(redisUrl)) return log(`Redis: started redis-server on 127.0.0.1:6379 (data in ${dir})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

/** MONGODB_URI when set, else the local FerretDB (stopped with the rest). Returns the base URI. */
export async function ensureDatabase(sup: Supervisor, { dataDir, pgDatabase }: Settings): Promise<string> {
  const given = process.env.MONGODB_URI;
  if (given) {
    log(`Database: MongoDB at ${given.replace(/\/\/[^@]*@/, '//***@')} (MONGODB_URI)`);
    return given;
  }
  const clients = databaseClients(replicaCount());
  const mongo = await startLocalMongo({ pgDatabase, sqliteDir: join(dataDir, 'ferretdb'), port: Number(process.env.KASSA_MONGO_PORT ?? 27017) || undefined, clients });
  sup.onStop(() => mongo.stop());
  log(`Database: ${mongo.description}`);
  return mongo.uri;
}

/** Where the local mail catcher listens: SMTP on the gateway's port + 5, its inbox page on + 6. */
export const mailCatcherPorts = (gatewayPort: number) => ({ smtp: gatewayPort + 5, inbox: gatewayPort + 6 });

/**
 * SMTP_URL when set (mail really goes out), else the local catcher (testing/stack/src/mail-catcher.ts) in this process,
 * stopped with the rest: what the services and workers send lands in its inbox page. Returns the SMTP URL to use.
 */
export async function ensureMail(sup: Supervisor, { port }: Settings): Promise<string> {
  if (process.env.SMTP_URL) {
    log(`Mail: through SMTP_URL (${process.env.SMTP_URL.replace(/\/\/[^@]*@/, '//***@')})`);
    return process.env.SMTP_URL;
  }
  const ports = mailCatcherPorts(port);
  const catcher = await startMailCatcher({ smtpPort: ports.smtp, httpPort: ports.inbox }).catch((err: Error) => {
    throw new Error(`the local mail catcher could not listen on ${ports.smtp} and ${ports.inbox} (${err.message}); set SMTP_URL to send through a mail server of your own`);
  });
  sup.onStop(() => catcher.close());
  return catcher.smtpUrl;
}

/**
 * Starts every service, worker and the gateway in PROCESSES order, each once the one before it answers, and waits for
 * the gateway. `command` says how to run an entry file: plain (`npm start`) or watched (`npm run dev`).
 */
export async function startServices(
  sup: Supervisor,
  settings: Settings,
  mongoUri: string,
  command: (entry: string) => { command: string; args: string[] },
  extraEnv: Record<string, string> = {},
): Promise<void> {
  const { port } = settings;
  const replicas = replicaCount();
  const smtpUrl = await ensureMail(sup, settings);
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    ...serviceEnv(port, replicas),
    SMTP_URL: smtpUrl,
    MONGODB_URI: mongoUri,
    REDIS_URL: settings.redisUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  if (replicas > 1) log(`${replicas} replicas of every service and worker (KASSA_REPLICAS)`);
  seedDemo(base);
  for (const spec of PROCESSES) {
    if (!existsSync(entryPath(spec))) continue;
    // One after another, each once the one before answers: the first of a service migrates alone.
    for (let k = 0; k < (spec.name === 'gateway' ? 1 : replicas); k++) {
      const servicePort = spec.portOffset === undefined ? undefined : replicaPort(port, spec.portOffset, k);
      const env = { ...base, ...(spec.name === 'gateway' ? extraEnv : {}), ...(servicePort === undefined ? {} : { PORT: String(servicePort) }) };
      const run = command(entryPath(spec));
      sup.run(replicaName(spec, k), run.command, run.args, env);
      if (servicePort !== undefined && spec.portOffset! > 0) {
        if (!(await waitFor(`http://127.0.0.1:${servicePort}/health`, 60_000))) throw new Error(`${replicaName(spec, k)} did not start`);
      }
    }
  }
  if (!(await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000))) throw new Error('the gateway did not start');
}

/** The demo data on an empty database (KASSA_SEED_DEMO), before any service starts: the services' server.ts only listen. */
export function seedDemo(env: NodeJS.ProcessEnv): void {
  for (const command of SEED_COMMANDS) {
    const res = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, command)], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (res.status !== 0) throw new Error(`${command} failed (${res.status ?? res.signal})`);
  }
}

export function printWelcome(port: number, extra = ''): void {
  const mail = process.env.SMTP_URL
    ? 'Mail:              sent through SMTP_URL'
    : `Mail: http://localhost:${mailCatcherPorts(port).inbox}/ (local catcher, nothing leaves this machine)`;
  console.log(`
  Kassa is running:  http://localhost:${port}
  ${mail}
${extra}
  Demo logins (username / password):
    admin  / admin    administrator, every capability
    bar    / bar      register "Bar": cash, card, any account without PIN, other, undo
    till   / till     register "Till": cash, card, account with PIN, other, undo
    member / member   own account (PIN 1234, € 25,00)
    newbie / newbie   no account yet: account setup

  Stop with Ctrl-C.
`);
}
