/**
 * bench/hops: where one sale's time goes, one request at a time on an idle system (no queueing): the gateway alone,
 * a sale through the gateway and straight to checkout, the ledger posting checkout asks of accounts, and the store's
 * own round trips (an insert and an update with the transactions' real indexes). Then the work of a lone sale, process by
 * process: the CPU time every process of the run and the run's PostgreSQL backends spent on it, against its latency. If
 * that work adds up to the latency, nothing in the sale's path waits (a timer, a batch window, a lock, a flush): the time
 * is work, and only less work makes it shorter. Writes bench/reports/hops.md.
 * Usage: npx tsx bench/hops.ts   (N=150 timed calls per row, after 20 not timed; WORK_N=500 sales for the work)
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { loadNow, runFacts, stealSinceStart } from './lib/facts';
import { cpuByPart, PG_STATS_DELAY_MS, pgSnapshot } from './lib/pg-counters';
import { median } from './lib/stats';
import { api, login, startSystem } from './lib/system';

const N = Number(process.env.N ?? 150);
const WORK_N = Number(process.env.WORK_N ?? 500);
const port = 28080;
const rows: string[] = [];
const workRows: string[] = [];
const workLines: string[] = [];

async function time(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < N; i++) {
    const started = performance.now();
    await fn();
    t.push(performance.now() - started);
  }
  t.sort((a, b) => a - b);
  const at = (q: number) => t[Math.min(N - 1, Math.floor(q * N))]!.toFixed(1);
  rows.push(`| ${label} | ${at(0.5)} | ${at(0.9)} | ${at(0.99)} |`);
  console.log(rows.at(-1));
}

const round = (ms: number) => ms.toFixed(2);
/** How long the processes' idle background is read before the sales. */
const IDLE_MS = 3000;

/**
 * WORK_N sales one at a time (after 20 not counted): each process's CPU time per sale, and what the same processes spend
 * with nothing sold (timers, heartbeats: their background), read over IDLE_MS before the sales and taken off for as long as
 * the sales took. The counting ends 1.5 s after the last sale, so the accounts' balance-cache writes (1 s after a
 * posting) count as the sales' work.
 */
async function work(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn();
  // The warm-up's commits reach pg_stat_database first, and its balance-cache writes are done.
  await sleep(PG_STATS_DELAY_MS);
  const idle0 = cpuByPart(system.pid);
  await sleep(IDLE_MS);
  const cpu0 = cpuByPart(system.pid);
  const pg0 = await pgSnapshot(system.pgDatabase);
  const t: number[] = [];
  const started = performance.now();
  for (let i = 0; i < WORK_N; i++) {
    const at = performance.now();
    await fn();
    t.push(performance.now() - at);
  }
  await sleep(1500);
  const wallMs = performance.now() - started;
  const cpu1 = cpuByPart(system.pid);
  const pgCpu1 = (await pgSnapshot(system.pgDatabase)).backendCpuMs;
  await sleep(PG_STATS_DELAY_MS - 1500);
  const pg1 = await pgSnapshot(system.pgDatabase);
  const parts = [...cpu1.keys()].filter((p) => p !== 'other').sort();
  let total = 0;
  let background = 0;
  for (const part of parts) {
    const run = (cpu1.get(part)! - (cpu0.get(part) ?? 0)) / WORK_N;
    const idle = (((cpu0.get(part) ?? 0) - (idle0.get(part) ?? 0)) * (wallMs / IDLE_MS)) / WORK_N;
    total += run;
    // A periodic job that happened to run in the idle window is not taken off more than the process spent meanwhile.
    background += Math.min(idle, run);
    workRows.push(`| ${label} | ${part} | ${round(run)} | ${round(idle)} |`);
  }
  const pgMs = (pgCpu1 - pg0.backendCpuMs) / WORK_N;
  workRows.push(`| ${label} | PostgreSQL backends of the run's database | ${round(pgMs)} | — |`);
  const p50 = median(t);
  const mean = t.reduce((a, b) => a + b, 0) / WORK_N;
  const workMs = total - background + pgMs;
  workLines.push(
    `- ${label}: latency p50 ${round(p50)} ms, mean ${round(mean)} ms; CPU per sale ${round(total + pgMs)} ms in all, of which ${round(background)} ms the processes' idle background, so ${round(workMs)} ms of work (${Math.round((100 * workMs) / mean)}% of the mean latency); ${round((pg1.commits - pg0.commits) / WORK_N)} PostgreSQL commits per sale.`,
  );
  console.log(workLines.at(-1));
}

const load1 = loadNow();
const system = await startSystem({ port });
try {
  const facts = await runFacts({ ...system, load1 });
  const token = await login(system.url, 'till');
  const bar = await login(system.url, 'bar');
  const { categories } = await api<{ categories: { products: { id: string }[] }[] }>(system.url, '/api/products/', { token });
  const product = categories[0]!.products[0]!;
  const all = await api<{ accounts: { id: string; directDebit: boolean }[] }>(system.url, '/api/accounts/', { token: bar });
  const credit = all.accounts.filter((a) => a.directDebit).map((a) => a.id);
  let i = 0;
  const nextAccount = () => credit[i++ % credit.length]!;
  const post = (base: string, path: string, body: object, headers: Record<string, string>) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.text());
  const auth = { authorization: `Bearer ${token}` };
  const internal = { 'x-internal-token': 'kassa-internal-dev-token' };
  const checkoutUrl = `http://127.0.0.1:${port + 3}`;
  const accountsUrl = `http://127.0.0.1:${port + 1}`;
  const cart = { products: [{ id: product.id, amount: 1 }] };

  await time('GET /api/health through the gateway', () => fetch(`${system.url}/api/health`).then((r) => r.text()));
  await time('cash sale through the gateway', () => post(system.url, '/api/checkout/cash/', { ...cart, nonce: randomUUID() }, auth));
  await time('account sale with PIN through the gateway', () => post(system.url, '/api/checkout/account/', { ...cart, account_id: nextAccount(), pin: '1234', nonce: randomUUID() }, auth));
  await time('account sale with PIN, straight to checkout', () => post(checkoutUrl, '/api/checkout/account/', { ...cart, account_id: nextAccount(), pin: '1234', nonce: randomUUID() }, auth));
  await time('ledger posting with PIN, straight to accounts', () =>
    post(accountsUrl, '/internal/ledger/postings', { target: { accountId: nextAccount() }, amount: -250, key: `hops:${randomUUID()}`, kind: 'purchase', ref: 'hops', checkPin: true, pin: '1234' }, internal),
  );
  await work('cash sale', () => post(system.url, '/api/checkout/cash/', { ...cart, nonce: randomUUID() }, auth));
  await work('account sale with PIN', () => post(system.url, '/api/checkout/account/', { ...cart, account_id: nextAccount(), pin: '1234', nonce: randomUUID() }, auth));
  const conn = await mongoose.createConnection(system.mongoUri).asPromise();
  const scratch = conn.useDb('kassa_hops').collection('scratch');
  const { insertedId } = await scratch.insertOne({ x: 1 });
  await time('store: ping', () => conn.db!.admin().ping());
  await time('store: insertOne, no index', () => scratch.insertOne({ nonce: randomUUID() }));
  await time('store: findOne by _id', () => scratch.findOne({ _id: insertedId }));
  await time('store: updateOne by _id, no index', () => scratch.updateOne({ _id: insertedId }, { $set: { y: Math.random() } }));
  const tx = conn.useDb('kassa_checkout').collection('transactions');
  const sample = await tx.findOne({ method: 'cash' });
  await time("store: a sale's insert and its completing update (real indexes)", async () => {
    const r = await tx.insertOne({ ...sample, _id: new mongoose.Types.ObjectId(), nonce: randomUUID(), status: 'initializing' });
    await tx.updateOne({ _id: r.insertedId, status: { $ne: 'completed' } }, { $set: { status: 'completed', error: null } });
  });
  await conn.useDb('kassa_hops').dropDatabase();
  await conn.close();

  const lines = [
    `# bench/hops — ${new Date().toISOString()}`,
    '',
    ...facts,
    '',
    `One request at a time (nothing queues), ${N} timed calls per row after 20 untimed ones.`,
    '',
    '| call | p50 ms | p90 ms | p99 ms |',
    '|---|---|---|---|',
    ...rows,
    '',
    `## The work of a lone sale, process by process (${WORK_N} sales one at a time through the gateway, after 20 not counted)`,
    '',
    `CPU time from /proc: every process of the run, and the run's PostgreSQL backends. "Idle background" is what the same process spent with nothing sold (timers, heartbeats; read over ${IDLE_MS / 1000} s just before), for as long as the sales took, divided by the number of sales (taken off each process's figure at most down to zero: a periodic job in the idle window is not a sale's saving). The counting ends 1.5 s after the last sale, so the accounts' balance-cache writes (1 s after a posting) count as work.`,
    '',
    '| sale | process | CPU ms per sale | of which idle background |',
    '|---|---|---|---|',
    ...workRows,
    '',
    ...workLines,
    '',
    'Where the work is close to the latency, the sale waits for nothing: its time is the CPU work of the processes it passes through, one after the other. Where the latency is much larger than the work, something in the path waits (a timer, a batch window, a lock, a disk flush).',
    '',
    stealSinceStart(),
  ];
  writeFileSync(join(import.meta.dirname, 'reports', 'hops.md'), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
} finally {
  await system.stop();
}
