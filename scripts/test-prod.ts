/**
 * `npm run test:prod`: the service images, outside Docker (no engine exists on this kind of machine). Does what
 * scripts/service.Dockerfile does for each service, then starts the result:
 *
 * 1. a clean copy of the repository (its files, committed or new, nothing ignored), as a Docker build context;
 * 2. the build stage: the full install, then `node scripts/build-services.mjs --stage <run>`. The full install is this
 *    checkout's own, hard-linked into the copy, when it was made from the same lockfile (as `.ci/run`'s `npm ci` makes
 *    it): a second full install of the same files made this check 122 CPU s instead of 66 on a 2-core machine; the
 *    production install below is made from nothing, as the image makes it;
 * 3. the run stage: `npm ci --omit=dev -w services/<name>` in <run> (no tsx, no TypeScript), one install for all five;
 * 4. every service and worker started from its Dockerfile's CMD with NODE_ENV=production, real providers named, secrets
 *    of its own, against a local FerretDB and the local Redis. Each service must answer /health and /ready (the gateway
 *    /api/health and /api/ready, which asks every service), each worker must touch its heartbeat file;
 *    Production seeds no demo data: signing in as admin/admin through the gateway must fail; the compiled create-admin
 *    command then makes the first administrator, who signs in and opens the admin settings;
 * 5. every one of them started again with the development secrets, the stand-ins and KASSA_SEED_DEMO=1 must refuse,
 *    naming exactly the ones it reads (PIN_PEPPER, SSO_PROVIDER and the demo seed in accounts, the terminal and iDEAL
 *    providers in payments, the demo seed in catalog, JWT_SECRET and INTERNAL_TOKEN everywhere).
 *
 * `npm test` runs it beside the parallel and serial end-to-end specs (scripts/test.ts). Prints each step; exits 1 on the first failure with the process output.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { connectMongo, DEV_SECRETS } from '@kassa/service-kit';
import { dropPgDatabase, freePort, ROOT, startLocalMongo, type LocalMongo } from './lib/local-mongo';

/** What the Dockerfile runs; the check below fails when it says something else. */
const BUILD_STAGE = 'npm ci --no-audit --no-fund --ignore-scripts && node scripts/build-services.mjs --stage /prod';
const RUN_STAGE = 'npm ci --omit=dev --no-audit --no-fund --ignore-scripts';

interface Target {
  /** accounts, accounts-worker, gateway, ... */
  name: string;
  command: string[];
  worker: boolean;
}

const log = (msg: string) => console.log(`[test:prod] ${msg}`);
const children: ChildProcess[] = [];
let mongo: LocalMongo | undefined;
const work = mkdtempSync(join(tmpdir(), 'kassa-prod-'));
const pgDatabase = `kassa_prodcheck_${process.pid}`;

function fail(message: string): never {
  throw new Error(message);
}

function run(command: string, cwd: string): void {
  log(`${cwd.replace(work, '<tmp>')}$ ${command}`);
  const res = spawnSync('sh', ['-c', command], { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: undefined, KASSA_SKIP_FERRETDB_BUILD: '1' } });
  if (res.status !== 0) fail(`failed (${res.status}): ${command}`);
}

/** The services' one Dockerfile, built per service (`--build-arg SERVICE=<name>`). */
const DOCKERFILE = join(ROOT, 'scripts', 'service.Dockerfile');

/**
 * Every service's targets from scripts/service.Dockerfile, with SERVICE set to the service: its two RUN lines must be
 * the ones this script runs; each target's CMD is kept (a worker target for the services that have src/worker.ts).
 */
function readDockerfiles(): Target[] {
  const targets: Target[] = [];
  const text = readFileSync(DOCKERFILE, 'utf8');
  const runs = [...text.matchAll(/^RUN (.+)$/gm)].map((m) => m[1]!.trim());
  if (runs[0] !== BUILD_STAGE) fail(`${DOCKERFILE}: the build stage runs "${runs[0]}", test:prod runs "${BUILD_STAGE}"`);
  const runStage = `${RUN_STAGE} -w services/\${SERVICE}`;
  if (!runs[1]?.startsWith(runStage)) fail(`${DOCKERFILE}: the run stage runs "${runs[1]}", test:prod runs "${runStage}"`);
  for (const service of readdirSync(join(ROOT, 'services'))) {
    if (!existsSync(join(ROOT, 'services', service, 'src', 'server.ts'))) continue;
    for (const m of text.matchAll(/^FROM base AS (\w+)\n(?:.*\n)*?CMD (\[.*\])$/gm)) {
      if (m[1] === 'worker' && !existsSync(join(ROOT, 'services', service, 'src', 'worker.ts'))) continue;
      const command = (JSON.parse(m[2]!) as string[]).map((part) => part.replaceAll('${SERVICE}', service));
      if (command.some((part) => /\btsx\b|\.ts\b/.test(part))) fail(`${DOCKERFILE}: ${m[1]} runs TypeScript: ${command.join(' ')}`);
      targets.push({ name: m[1] === 'service' ? service : `${service}-${m[1]}`, command, worker: m[1] === 'worker' });
    }
  }
  if (targets.length < 7) fail(`found ${targets.length} Dockerfile targets, expected the 5 services and 2 workers`);
  return targets;
}

/** The files a build context holds: tracked and new files, not what .gitignore leaves out. */
function cleanCopy(to: string): void {
  const res = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) fail('git ls-files failed');
  for (const file of res.stdout.split('\0').filter(Boolean)) {
    const from = join(ROOT, file);
    if (!existsSync(from) || !statSync(from).isFile()) continue;
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(from, join(to, file));
  }
}

/**
 * The build stage's full install, taken from this checkout: every node_modules folder hard-linked into the copy (the
 * workspaces' links are relative, so they lead to the copy's own sources). Only when npm's record of what it installed
 * (node_modules/.package-lock.json) is newer than package-lock.json, that is, when that install was of this lockfile.
 * The build only reads what it finds there; nothing writes into it.
 */
function linkInstall(to: string): boolean {
  const record = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(record) || statSync(record).mtimeMs < statSync(join(ROOT, 'package-lock.json')).mtimeMs) return false;
  const workspaces = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  for (const dir of ['node_modules', ...workspaces.map((w) => join(w, 'node_modules'))].filter((d) => existsSync(join(ROOT, d)))) {
    mkdirSync(dirname(join(to, dir)), { recursive: true });
    const linked = spawnSync('cp', ['-al', join(ROOT, dir), join(to, dir)]);
    if (linked.status !== 0) fail(`cp -al ${dir} failed: ${linked.stderr.toString()}`);
  }
  return true;
}

function start(target: Target, cwd: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const [bin, ...args] = target.command;
  const child = spawn(bin === 'node' ? process.execPath : bin!, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}

async function until(what: string, check: () => Promise<boolean> | boolean, proc: { child: ChildProcess; output: () => string }, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null) fail(`${what}: the process exited with ${proc.child.exitCode}\n${proc.output()}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`${what}: not within ${ms / 1000} s\n${proc.output()}`);
}

const answers = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => undefined))?.ok === true;

async function main(): Promise<void> {
  const targets = readDockerfiles();
  const src = join(work, 'src');
  const app = join(work, 'app');

  log(`clean copy of ${ROOT}`);
  cleanCopy(src);
  const [install, buildStep] = BUILD_STAGE.replace('/prod', app).split(' && ') as [string, string];
  if (linkInstall(src)) log(`${src.replace(work, '<tmp>')}$ ${install}: this checkout's install of the same lockfile, hard-linked`);
  else run(install, src);
  run(buildStep, src);
  // One install for the five images: each image installs its own workspace, and build-services has checked that each
  // service's manifest declares every package it imports.
  run(`${RUN_STAGE} ${targets.filter((t) => !t.worker).map((t) => `-w services/${t.name}`).join(' ')}`, app);
  for (const devTool of ['tsx', 'typescript', 'esbuild', 'vitest']) {
    if (existsSync(join(app, 'node_modules', devTool))) fail(`the production install holds ${devTool}, a development tool`);
  }
  log('the production install holds no tsx, typescript, esbuild or vitest');

  mongo = await startLocalMongo({ pgDatabase, sqliteDir: join(work, 'sqlite'), log: (line) => log(line) });
  log(`database: ${mongo.description}`);

  const ports = { gateway: await freePort(), accounts: await freePort(), catalog: await freePort(), checkout: await freePort(), payments: await freePort() };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const secret = () => randomBytes(32).toString('hex');
  const production: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    MONGODB_URI: mongo.uri,
    MONGODB_DB_PREFIX: `prodcheck${process.pid}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `prodcheck-${process.pid}`,
    JWT_SECRET: secret(),
    INTERNAL_TOKEN: secret(),
    PIN_PEPPER: secret(),
    ACCOUNTS_URL: `http://127.0.0.1:${ports.accounts}`,
    CATALOG_URL: `http://127.0.0.1:${ports.catalog}`,
    CHECKOUT_URL: `http://127.0.0.1:${ports.checkout}`,
    PAYMENTS_URL: `http://127.0.0.1:${ports.payments}`,
    PUBLIC_URL: 'https://bar.example.org',
    // Real providers, named and configured; none is called while starting.
    SSO_PROVIDER: 'viaduct',
    VIADUCT_AUTHORIZE_URL: 'https://sso.example.org/authorize',
    VIADUCT_TOKEN_URL: 'https://sso.example.org/token',
    VIADUCT_USERINFO_URL: 'https://sso.example.org/userinfo',
    VIADUCT_CLIENT_ID: 'kassa',
    VIADUCT_CLIENT_SECRET: secret(),
    IDEAL_PROVIDER: 'mollie',
    MOLLIE_API_KEY: `live_${secret()}`,
    TERMINAL_PROVIDER: 'sepay',
    EXACT_PROVIDER: 'exact',
    // The association's mail server (accounts and its worker send through it; nothing is sent while starting).
    SMTP_URL: `smtp://kassa:${secret()}@mail.example.org:587`,
    EXACT_CLIENT_ID: 'kassa',
    EXACT_CLIENT_SECRET: secret(),
    EXACT_TOKEN_KEY: secret(),
    SEPAY_LOGIN: 'kassa',
    SEPAY_SID: '12345',
    SEPAY_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    SHELL_DIST: '',
    REMOTE_MFE_POS_URL: 'https://bar.example.org:3001/mf-manifest.json',
    REMOTE_MFE_ACCOUNT_URL: 'https://bar.example.org:3002/mf-manifest.json',
    REMOTE_MFE_ADMIN_URL: 'https://bar.example.org:3003/mf-manifest.json',
    REMOTE_MFE_SLIDES_URL: 'https://bar.example.org:3004/mf-manifest.json',
  };

  // Services first (the workers and the gateway lean on them), each from its Dockerfile CMD.
  const order = [...targets].sort((a, b) => Number(a.worker) - Number(b.worker) || Number(a.name === 'gateway') - Number(b.name === 'gateway'));
  for (const target of order) {
    const port = ports[target.name as keyof typeof ports];
    const heartbeat = join(work, `${target.name}.alive`);
    const proc = start(target, app, { ...production, ...(port ? { PORT: String(port) } : {}), ...(target.worker ? { HEARTBEAT_FILE: heartbeat } : {}) });
    if (target.worker) {
      await until(`${target.name} touches ${heartbeat}`, () => existsSync(heartbeat), proc);
      log(`${target.name}: running, heartbeat file written (${target.command.join(' ')})`);
      continue;
    }
    const base = `http://127.0.0.1:${port}${target.name === 'gateway' ? '/api' : ''}`;
    await until(`${target.name} ${base}/health`, () => answers(`${base}/health`), proc);
    await until(`${target.name} ${base}/ready`, () => answers(`${base}/ready`), proc);
    log(`${target.name}: /health and /ready answer 200 (${target.command.join(' ')})`);
  }

  // Production seeds no demo data: admin/admin (and every other demo user) must not exist.
  const signIn = await fetch(`http://127.0.0.1:${ports.gateway}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
    signal: AbortSignal.timeout(10_000),
  });
  const signInBody = (await signIn.json().catch(() => ({}))) as { errorIdentifier?: string };
  if (signIn.status !== 400 || signInBody.errorIdentifier !== 'invalid_credentials') {
    fail(`POST /api/login/ as admin/admin answered ${signIn.status} ${JSON.stringify(signInBody)}: production seeded the demo users`);
  }
  const seeded: string[] = [];
  for (const [service, collection] of [['accounts', 'users'], ['catalog', 'categories']] as const) {
    const db = await connectMongo(mongo.uri, `${production.MONGODB_DB_PREFIX}_${service}`);
    const count = await db.collection(collection).countDocuments().finally(() => db.close());
    if (count > 0) seeded.push(`${count} ${collection} in ${service}`);
  }
  if (seeded.length) fail(`production seeded demo data: ${seeded.join(', ')}`);
  log('no demo data: POST /api/login/ as admin/admin answers 400 invalid_credentials; no users, no categories');

  // The first administrator, as README "Production" makes one: the compiled command in the accounts image.
  const firstAdmin = { username: 'penningmeester', password: secret() };
  const made = spawnSync(process.execPath, ['services/accounts/dist/commands/create-admin.command.js', firstAdmin.username], {
    cwd: app,
    env: { ...production, KASSA_ADMIN_PASSWORD: firstAdmin.password },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (made.status !== 0) fail(`create-admin exited ${made.status}: ${made.stdout}${made.stderr}`);
  const adminSignIn = await fetch(`http://127.0.0.1:${ports.gateway}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(firstAdmin),
    signal: AbortSignal.timeout(10_000),
  });
  const adminToken = ((await adminSignIn.json().catch(() => ({}))) as { result?: { access_token?: string } }).result?.access_token;
  const settings = adminToken
    ? await fetch(`http://127.0.0.1:${ports.gateway}/api/admin/settings/`, { headers: { authorization: `Bearer ${adminToken}` }, signal: AbortSignal.timeout(10_000) })
    : undefined;
  if (adminSignIn.status !== 200 || settings?.status !== 200) fail(`the administrator create-admin made could not sign in and open the admin settings (${adminSignIn.status}, ${settings?.status})`);
  log('create-admin (compiled, in the accounts image) made an administrator who signs in and opens /api/admin/settings/');

  // The same commands with what only training may use: each must refuse and name every variable at fault that it reads.
  const unsafe = {
    ...production,
    ...DEV_SECRETS,
    SSO_PROVIDER: 'standin',
    IDEAL_PROVIDER: 'standin',
    TERMINAL_PROVIDER: 'standin',
    EXACT_PROVIDER: 'standin',
    KASSA_SEED_DEMO: '1',
    PORT: String(await freePort()),
  };
  // Unset: mail would go to the local catcher.
  delete (unsafe as Record<string, string | undefined>).SMTP_URL;
  for (const target of targets) {
    const proc = start(target, app, unsafe);
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 30_000);
      proc.child.once('exit', (c) => (clearTimeout(timer), resolve(c)));
    });
    const out = proc.output();
    const expected = refusedVariables(target.name);
    const listed = [...new Set(out.split('\n').filter((l) => /^\s+[A-Z_]+: /.test(l)).map((l) => l.trim().split(':')[0]!))].sort();
    if (code === null || code === 0 || !out.includes('Refusing to start in production') || listed.join() !== expected.join()) {
      fail(`${target.name} did not refuse naming exactly ${expected.join(', ')} (exit ${code}, named ${listed.join(', ') || 'nothing'})\n${out}`);
    }
    log(`${target.name}: refused with development secrets, stand-ins and the demo seed, naming ${listed.join(', ')}`);
  }
}

/** What each target reads of the training settings above, so what its refusal must name (and nothing else). */
function refusedVariables(target: string): string[] {
  const service = target.replace(/-worker$/, '');
  const names = ['JWT_SECRET', 'INTERNAL_TOKEN'];
  if (service === 'accounts') names.push('PIN_PEPPER', 'SSO_PROVIDER', 'KASSA_SEED_DEMO', 'SMTP_URL');
  if (service === 'catalog') names.push('KASSA_SEED_DEMO');
  if (service === 'payments') names.push('TERMINAL_PROVIDER', 'IDEAL_PROVIDER', 'EXACT_PROVIDER', 'EXACT_TOKEN_KEY');
  return names.sort();
}

async function cleanUp(): Promise<void> {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await mongo?.stop();
  if (mongo?.kind === 'ferretdb-postgresql') await dropPgDatabase('postgres://postgres@127.0.0.1:5432', pgDatabase).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}

try {
  await main();
  log('passed: every service and worker starts from its production build without demo data and refuses training settings');
} catch (err) {
  console.error(`[test:prod] FAILED: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
