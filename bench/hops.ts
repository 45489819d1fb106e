/**
 * bench/hops: where one sale's time goes, one request at a time on an idle system (no queueing): the gateway alone,
 * a sale through the gateway and straight to checkout, the ledger posting checkout asks of accounts, and the store's
 * own round trips (an insert and an update with the transactions' real indexes). Writes bench/reports/hops.md.
 * Usage: npx tsx bench/hops.ts   (N=150 timed calls per row, after 20 not timed)
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { loadNow, runFacts, stealSinceStart } from './lib/facts';
import { api, login, startSystem } from './lib/system';

const N = Number(process.env.N ?? 150);
const port = 28080;
const rows: string[] = [];

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
    stealSinceStart(),
  ];
  writeFileSync(join(import.meta.dirname, 'reports', 'hops.md'), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
} finally {
  await system.stop();
}
