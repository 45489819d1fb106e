/**
 * bench/growth: does a sale get slower as the ledger and the sales grow, how close does checkout come to what the
 * local database itself can write, and what a second replica of everything changes (issue 14, part 2).
 *
 * One Kassa (scripts/start.ts, one of everything, fresh database) sells as bench/checkout does (bench/lib/tills.ts:
 * 32 tills, mixed carts, 40% prepaid with PIN, 35% credit with PIN, 25% cash), first paced (1 sale/s per till; the
 * latency figure) and then back to back (the capacity), at each level of history: 0, 25,000, 50,000 and 100,000
 * postings in the ledger, each with its sale in checkout. The history between levels is written by a bulk path:
 * copies of a real completed account sale and of a real cash top-up made through the gateway just before, each with a
 * new nonce, and the postings they would have made, chained on every bench account's real head (seq, balanceAfter),
 * after which the account's cached head is set as the ledger would. The ledger's self-audit (runLedgerAudit, no grace
 * period, every sale) must accept the whole of it at the end.
 *
 * In the same run: the store's own limit, 32 concurrent clients inserting one document each at a time through the same
 * driver (mongoose's MongoDB driver) into a scratch collection with no index but _id, against the PostgreSQL rows a
 * sale writes (pg_stat_database: rows inserted + updated + deleted during the capacity load / sales); checkout's
 * capacity as a share of (raw rows per second / rows per sale). Last, a second Kassa with KASSA_REPLICAS=2 (two of
 * every service and worker) on a fresh database, paced and back to back at 0 postings, beside the first one's level 0.
 *
 * Prints everything and writes bench/reports/growth.md; exits 1 when the audit finds a difference.
 * Before each level the store is settled (bench/lib/pg-counters settleStore: VACUUM ANALYZE, then CHECKPOINT): a bulk
 * load of 25,000 postings in seconds leaves PostgreSQL the maintenance months of sales would have spread out, and it
 * would otherwise land in the middle of the next measurement. What PostgreSQL still does on its own during each load
 * (scheduled checkpoints, autovacuum) is watched and printed, with how many of the slowest 1% of paced sales ran beside it.
 *
 * Usage: npx tsx bench/growth.ts   (TILLS=32 PACED=30 CAPACITY=15 PACE=1 WARMUP=20 LEVELS=0,25000,50000,100000 BENCH_PORT=9380)
 * The two-replica Kassa listens on BENCH_PORT+200 and its second replicas 20 above: every port stays below the
 * machine's ephemeral ports (32768 up), where an outgoing connection could already hold it.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose, { Types, type Connection } from 'mongoose';
import { internalClient } from '@kassa/service-kit';
import { Ledger } from '../services/accounts/src/ledger/ledger';
import { describeDifference, runLedgerAudit, type LedgerAuditResult } from '../services/accounts/src/ledger/ledger-audit';
import { serviceEnv } from '../scripts/lib/processes';
import { loadNow, runFacts, stealSinceStart } from './lib/facts';
import { type Busy, PG_STATS_DELAY_MS, pgSnapshot, pgTableReads, type PgSnapshot, settleStore, type StoreActivity, type TableReads, watchStore } from './lib/pg-counters';
import { startSystem, type RunningSystem } from './lib/system';
import { type Figures, prepareTills, refusals, runTills, type Sample, summarise, type Tills } from './lib/tills';

const tills = Number(process.env.TILLS ?? 32);
const pacedSeconds = Number(process.env.PACED ?? 30);
const capacitySeconds = Number(process.env.CAPACITY ?? 15);
const pace = Number(process.env.PACE ?? 1);
/** Seconds of selling before each level's figures, not counted. */
const warmupSeconds = Number(process.env.WARMUP ?? 20);
const levels = (process.env.LEVELS ?? '0,25000,50000,100000').split(',').map(Number);
const basePort = Number(process.env.BENCH_PORT ?? 9380);
/** Seconds of the raw-insert probe. */
const rawSeconds = 10;
/** The services' development default (libs/service-kit config); the bench's Kassa runs without INTERNAL_TOKEN. */
const INTERNAL_TOKEN = 'kassa-internal-dev-token';

/** What one load measures; a level adds how big the history was and how long writing it took. */
interface Measured {
  paced: Figures;
  capacity: Figures;
  rowsPerSale: number;
  /** Rows PostgreSQL read by sequential scans per sale of the back-to-back load, and the tables that read most. */
  scannedPerSale: number;
  topScans: string;
  /** What PostgreSQL did on its own during the paced load, and the paced sales' slowest 1% beside it. */
  pacedStore: StoreActivity;
  slowBeside: SlowSales;
  capacityStore: StoreActivity;
}

interface LevelResult extends Measured {
  postings: number;
  sales: number;
  seededSeconds: number | null;
  settledSeconds: number;
}

const rowsWritten = (s: PgSnapshot) => s.inserted + s.updated + s.deleted;

/** What the sales read by sequential scans, per sale, in total and for the two tables that read most. */
function scans(before: Map<string, TableReads>, after: Map<string, TableReads>, sales: number): { scannedPerSale: number; topScans: string } {
  if (sales === 0) return { scannedPerSale: 0, topScans: '' };
  const per = [...after].map(([name, a]) => {
    const b = before.get(name) ?? { seqScans: 0, seqRowsRead: 0, indexScans: 0 };
    return { name: name.replace(/_[0-9a-f]{8}$/, ''), rows: (a.seqRowsRead - b.seqRowsRead) / sales, scans: (a.seqScans - b.seqScans) / sales };
  });
  const top = per.filter((t) => t.rows > 0).sort((x, y) => y.rows - x.rows).slice(0, 2);
  return {
    scannedPerSale: per.reduce((n, t) => n + t.rows, 0),
    topScans: top.map((t) => `${t.name} ${t.rows.toFixed(1)} rows in ${t.scans.toFixed(2)} scans`).join('; ') || 'none',
  };
}

/** How the watcher's polls are spaced (ms): a stretch it saw may have begun or ended up to one poll earlier or later. */
const WATCH_MS = 200;

/** What the slowest 1% of the paced sales have in common. */
interface SlowSales {
  slow: number;
  /** How many overlapped a checkpoint's writing or an autovacuum at work, and which. */
  beside: number;
  what: string[];
  /** Into how many bursts they fall (sales sent less than a second apart are one burst): few bursts mean stalls that
   * held every sale in flight, not slow sales one by one. */
  bursts: number;
  /** How many were cash, prepaid and credit sales. */
  kinds: string;
}

const BURST_GAP_MS = 1000;

/** The slowest 1% of `samples`: how many overlapped the store's own work, how they bunch in time, and their kinds. */
function slowBeside(samples: Sample[], busy: Busy[]): SlowSales {
  const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, Math.max(1, Math.ceil(samples.length / 100)));
  const what = new Set<string>();
  let beside = 0;
  for (const s of slowest) {
    const hit = busy.filter((b) => s.at <= b.to + WATCH_MS && s.at + s.ms >= b.from - WATCH_MS);
    if (hit.length > 0) beside++;
    for (const b of hit) what.add(b.what);
  }
  const times = slowest.map((x) => x.at).sort((a, b) => a - b);
  const bursts = times.filter((at, i) => i === 0 || at - times[i - 1]! >= BURST_GAP_MS).length;
  const kinds = (['cash', 'prepaid', 'credit'] as const).map((k) => `${slowest.filter((x) => x.pay === k).length} ${k}`).join(', ');
  return { slow: slowest.length, beside, what: [...what], bursts, kinds };
}

/** Paced, then back to back, each watched for the store's own work; the PostgreSQL rows written per sale of the back-to-back load. */
async function measure(t: Tills): Promise<Measured> {
  // Warm-up, not counted: connections, JIT, the services' account and price caches (and heads read again after a seed).
  await runTills(t, tills, warmupSeconds, 10, []);
  const paced: Sample[] = [];
  const pacedWatch = await watchStore(t.system.pgDatabase, WATCH_MS);
  const pacedErrors = await runTills(t, tills, pacedSeconds, pace, paced);
  await sleep(2000);
  const pacedStore = await pacedWatch.stop();
  // pg_stat_database counts what backends report, up to 10 s late (PG_STATS_DELAY_MS).
  await sleep(PG_STATS_DELAY_MS - 2000);
  const before = await pgSnapshot(t.system.pgDatabase);
  const readsBefore = await pgTableReads(t.system.pgDatabase);
  const capacity: Sample[] = [];
  const capacityWatch = await watchStore(t.system.pgDatabase, WATCH_MS);
  const capacityErrors = await runTills(t, tills, capacitySeconds, null, capacity);
  // The balance caches are written a second after the last posting; they are part of what the sales wrote.
  await sleep(3000);
  const capacityStore = await capacityWatch.stop();
  await sleep(PG_STATS_DELAY_MS - 3000);
  const after = await pgSnapshot(t.system.pgDatabase);
  const readsAfter = await pgTableReads(t.system.pgDatabase);
  const ok = capacity.filter((s) => s.status === 200).length;
  return {
    paced: summarise(paced, pacedErrors, pacedSeconds),
    capacity: summarise(capacity, capacityErrors, capacitySeconds),
    rowsPerSale: ok > 0 ? (rowsWritten(after) - rowsWritten(before)) / ok : 0,
    ...scans(readsBefore, readsAfter, ok),
    pacedStore,
    slowBeside: slowBeside(paced, pacedStore.busy),
    capacityStore,
  };
}

/** "1 checkpoint (0 asked for, sync 12 ms), 2 autovacuums, 3 autoanalyzes" */
const storeLine = (a: StoreActivity) =>
  `${a.checkpointsTimed + a.checkpointsRequested} checkpoints (${a.checkpointsRequested} asked for, sync ${a.checkpointSyncMs.toFixed(0)} ms), ${a.autovacuums} autovacuums, ${a.autoanalyzes} autoanalyzes`;

async function counts(system: RunningSystem): Promise<{ postings: number; sales: number }> {
  const db = await mongoose.createConnection(system.mongoUri, { dbName: 'kassa_accounts' }).asPromise();
  try {
    const postings = await db.collection('postings').countDocuments({});
    const sales = await db.useDb('kassa_checkout').collection('transactions').countDocuments({});
    return { postings, sales };
  } finally {
    await db.close();
  }
}

/**
 * The bulk path: brings the ledger to `target` postings with sales that look exactly as the real path leaves them.
 * Per bench account: one cash top-up that pays for its share of the sales plus 2,000 euros for the tills' next
 * loads, then its share of account sales, each a copy of a real one with a new id and nonce. Sales first, then their
 * postings, then each account's cached head: the audit finds either both halves or, if the bench dies midway, the
 * difference it is there to find.
 */
async function seedHistory(t: Tills, target: number): Promise<void> {
  const accountsDb = await mongoose.createConnection(t.system.mongoUri, { dbName: 'kassa_accounts' }).asPromise();
  const checkoutDb = accountsDb.useDb('kassa_checkout');
  try {
    const Postings = accountsDb.collection('postings');
    const ledger = new Ledger(accountsDb);
    const Sales = checkoutDb.collection('transactions');
    const current = await Postings.countDocuments({});
    const ids = [...t.prepaid, ...t.credit];
    const perAccount = Math.floor((target - current) / ids.length) - 1;
    if (perAccount < 1) return;
    const sale = await Sales.findOne({ method: 'account', status: 'completed', undone: null });
    const topUp = await Sales.findOne({ method: 'cash', status: 'completed', 'upgrade.posted': true, undone: null });
    if (!sale || !topUp) throw new Error('no real account sale and cash top-up to copy');
    const salePosting = await Postings.findOne({ key: `checkout:${sale.nonce as string}` });
    const topUpPosting = await Postings.findOne({ key: `checkout:${topUp.nonce as string}:topup` });
    if (!salePosting || !topUpPosting) throw new Error('the copied sales have no postings');
    const total = sale.total as number;
    const sales: Record<string, unknown>[] = [];
    const postings: Record<string, unknown>[] = [];
    const heads = new Map<string, { seq: number; balanceAfter: number }>();
    const base = Date.now() - (perAccount + 1) * ids.length;
    let tick = 0;
    const at = () => new Date(base + tick++);
    for (const id of ids) {
      const accountId = new Types.ObjectId(id);
      const account = await accountsDb.collection('accounts').findOne({ _id: accountId }, { projection: { name: 1 } });
      let head = await ledger.readHead(id);
      const accountName = (account?.name as string | undefined) ?? null;
      const post = (template: Record<string, unknown>, key: string, amount: number, txId: Types.ObjectId, when: Date) => {
        head = { seq: head.seq + 1, balanceAfter: head.balanceAfter + amount };
        postings.push({ ...template, _id: new Types.ObjectId(), accountId, seq: head.seq, amount, balanceAfter: head.balanceAfter, key, ref: String(txId), at: when });
      };
      const topUpAmount = perAccount * total + 200_000;
      {
        const _id = new Types.ObjectId();
        const nonce = randomUUID();
        const when = at();
        post(topUpPosting, `checkout:${nonce}:topup`, topUpAmount, _id, when);
        const upgrade = { ...(topUp.upgrade as object), accountId: id, amount: topUpAmount, accountName, balanceAfter: head.balanceAfter };
        sales.push({ ...topUp, _id, nonce, upgrade, upgradeAccountId: id, createdAt: when, updatedAt: when });
      }
      for (let k = 0; k < perAccount; k++) {
        const _id = new Types.ObjectId();
        const nonce = randomUUID();
        const when = at();
        post(salePosting, `checkout:${nonce}`, -total, _id, when);
        const target = { ...(sale.target as object), accountId: id };
        sales.push({ ...sale, _id, nonce, target, accountId: id, accountName, balanceAfter: head.balanceAfter, createdAt: when, updatedAt: when });
      }
      heads.set(id, head);
    }
    for (let i = 0; i < sales.length; i += 1000) await Sales.insertMany(sales.slice(i, i + 1000), { ordered: false });
    for (let i = 0; i < postings.length; i += 1000) await Postings.insertMany(postings.slice(i, i + 1000), { ordered: false });
    for (const [id, head] of heads) {
      await accountsDb.collection('accounts').updateOne({ _id: new Types.ObjectId(id), headSeq: { $lt: head.seq } }, { $set: { balance: head.balanceAfter, headSeq: head.seq } });
    }
  } finally {
    await accountsDb.close();
  }
}

/** The store's own limit: `clients` concurrent one-document inserts through the driver, and the rows each one is. */
async function rawInserts(system: RunningSystem, clients: number): Promise<{ perSecond: number; rowsPerInsert: number }> {
  const db = await mongoose.createConnection(system.mongoUri, { dbName: 'kassa_bench_raw', maxPoolSize: clients }).asPromise();
  try {
    const scratch = db.collection('raw_inserts');
    await scratch.insertOne({ warm: true });
    await sleep(PG_STATS_DELAY_MS);
    const before = await pgSnapshot(system.pgDatabase);
    let inserted = 0;
    const end = Date.now() + rawSeconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let k = 0; Date.now() < end; k++) {
          await scratch.insertOne({ accountId: new Types.ObjectId(), seq: k, amount: -350, balanceAfter: 10_000, key: `raw:${c}:${k}`, kind: 'purchase', ref: '', at: new Date() });
          inserted += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await sleep(PG_STATS_DELAY_MS);
    const after = await pgSnapshot(system.pgDatabase);
    await db.dropDatabase();
    return { perSecond: inserted / seconds, rowsPerInsert: (rowsWritten(after) - rowsWritten(before)) / inserted };
  } finally {
    await db.close();
  }
}

async function audit(system: RunningSystem, port: number): Promise<LedgerAuditResult> {
  const db: Connection = await mongoose.createConnection(system.mongoUri, { dbName: 'kassa_accounts' }).asPromise();
  try {
    return await runLedgerAudit(db, { checkout: internalClient(serviceEnv(port, 1).CHECKOUT_URL!, INTERNAL_TOKEN), graceMs: 0 });
  } finally {
    await db.close();
  }
}

const pct = (now: number, first: number) => (first > 0 ? Math.round(((now - first) / first) * 100) : 0);
const signed = (n: number) => (n > 0 ? `+${n}%` : `${n}%`);

const load1 = loadNow();
const env = { KASSA_NO_FRONTENDS: '1' };
const results: LevelResult[] = [];
let facts: string[];
let raw: { perSecond: number; rowsPerInsert: number } | null = null;
let ledgerAudit: LedgerAuditResult;
let replicaAudit: LedgerAuditResult;
let twoReplicas: Measured;
const log = (line: string) => console.log(`[growth] ${line}`);

const one = await startSystem({ port: basePort, env });
try {
  facts = await runFacts({ ...one, load1 });
  const t = await prepareTills('1 replica', one, 20);
  for (const level of levels) {
    let seededSeconds: number | null = null;
    if (level > 0) {
      const started = performance.now();
      await seedHistory(t, level);
      seededSeconds = (performance.now() - started) / 1000;
    }
    const settledSeconds = await settleStore(one.pgDatabase);
    // The accounts service re-reads an account after 5 s; until then its first posting on one finds the new head
    // by the ledger's own conflict path. Either way the warm-up in measure() takes it.
    if (level > 0) await sleep(6000);
    const c = await counts(one);
    log(`level ${level}: ${c.postings} postings, ${c.sales} sales${seededSeconds === null ? '' : ` (seeded in ${seededSeconds.toFixed(0)} s)`}`);
    const m = await measure(t);
    results.push({ ...c, seededSeconds, settledSeconds, ...m });
    log(`  paced p99 ${m.paced.p99} ms, capacity ${m.capacity.rps} sales/s, ${m.rowsPerSale.toFixed(1)} rows per sale`);
    log(`  store during the paced load: ${storeLine(m.pacedStore)}; slowest 1%: ${m.slowBeside.beside} of ${m.slowBeside.slow} beside its work, in ${m.slowBeside.bursts} bursts (${m.slowBeside.kinds})`);
    if (level === levels[0]) {
      raw = await rawInserts(one, tills);
      log(`raw inserts: ${raw.perSecond.toFixed(0)}/s, ${raw.rowsPerInsert.toFixed(2)} rows each`);
    }
  }
  await sleep(3000);
  ledgerAudit = await audit(one, basePort);
  log(`audit: ${ledgerAudit.postingsChecked} postings, ${ledgerAudit.differences.length} differences`);
} finally {
  await one.stop();
}

const replicaPort = basePort + 200;
const two = await startSystem({ port: replicaPort, env: { ...env, KASSA_REPLICAS: '2' } });
try {
  const t = await prepareTills('2 replicas', two);
  await settleStore(two.pgDatabase);
  twoReplicas = await measure(t);
  log(`2 replicas: paced p99 ${twoReplicas.paced.p99} ms, capacity ${twoReplicas.capacity.rps} sales/s`);
  await sleep(3000);
  replicaAudit = await audit(two, replicaPort);
} finally {
  await two.stop();
}

const first = results[0]!;
const rawLimit = raw && first.rowsPerSale > 0 ? (raw.perSecond * raw.rowsPerInsert) / first.rowsPerSale : 0;
const share = (r: { capacity: Figures; rowsPerSale: number }) => (raw && r.rowsPerSale > 0 ? Math.round((100 * r.capacity.rps) / ((raw.perSecond * raw.rowsPerInsert) / r.rowsPerSale)) : 0);
const worstCapacity = Math.min(...results.map((r) => pct(r.capacity.rps, first.capacity.rps)));
const worstP99 = Math.max(...results.map((r) => pct(r.paced.p99, first.paced.p99)));
const fig = (f: Figures) => `${f.requests} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.non2xx} | ${f.errors}`;
const auditLine = (a: LedgerAuditResult) =>
  `${a.accountsChecked} accounts, ${a.postingsChecked} postings, ${a.purchasesChecked} sales checked; differences: ${a.differences.length}${a.incomplete ? `; INCOMPLETE: ${a.incomplete}` : ''}`;

const lines = [
  `# bench/growth — ${new Date().toISOString()}`,
  '',
  ...facts,
  '',
  `${tills} tills through the gateway, selling as bench/checkout does (bench/lib/tills.ts). At each level: ${pacedSeconds} s paced (${pace} sale/s per till, the latency figure), then ${capacitySeconds} s back to back (the capacity), after ${warmupSeconds} s of warm-up. History between levels written by the bulk path (copies of a real account sale and a real cash top-up, postings chained on each bench account's real head; see the top of bench/growth.ts); before each level the store settled (VACUUM ANALYZE, CHECKPOINT).`,
  '',
  '| postings in the ledger | sales recorded | seeded in | paced sales | paced p50 ms | paced p99 ms | paced p99 vs first | capacity sales/s | capacity p99 ms | capacity vs first | PostgreSQL rows written per sale | share of the store\'s limit | rows read by sequential scans per sale |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.postings} | ${r.sales} | ${r.seededSeconds === null ? '—' : `${r.seededSeconds.toFixed(0)} s`} | ${r.paced.requests} | ${r.paced.p50} | ${r.paced.p99} | ${signed(pct(r.paced.p99, first.paced.p99))} | ${r.capacity.rps} | ${r.capacity.p99} | ${signed(pct(r.capacity.rps, first.capacity.rps))} | ${r.rowsPerSale.toFixed(1)} | ${share(r)}% | ${r.scannedPerSale.toFixed(1)} |`,
  ),
  '',
  'What PostgreSQL did on its own during each load (checkpoints completed, autovacuum and autoanalyze runs on the run\'s database), and how many of the slowest 1% of paced sales overlapped a checkpoint writing or syncing, or an autovacuum at work (polled every 200 ms):',
  '',
  '| postings in the ledger | settled in | during the paced load | slowest 1% of paced sales beside it | beside what | the slowest 1%: bursts (sent within 1 s of each other) | and kinds | during the back-to-back load |',
  '|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.postings} | ${r.settledSeconds.toFixed(1)} s | ${storeLine(r.pacedStore)} | ${r.slowBeside.beside} of ${r.slowBeside.slow} | ${r.slowBeside.what.join('; ') || '—'} | ${r.slowBeside.bursts} | ${r.slowBeside.kinds} | ${storeLine(r.capacityStore)} |`,
  ),
  '',
  `Where the sequential scans were, per sale of the back-to-back load: ${results.map((r) => `at ${r.postings} postings ${r.topScans}`).join('; ')}.`,
  '',
  `Growth: capacity at worst ${signed(worstCapacity)} from the first level, paced p99 at worst ${signed(worstP99)}; target no figure worse by more than 10%: ${worstCapacity >= -10 && worstP99 <= 10 ? 'met' : 'NOT met'}.`,
  raw
    ? `The store's limit: ${tills} concurrent clients inserting one document at a time through the driver wrote ${raw.perSecond.toFixed(0)} documents/s (${raw.rowsPerInsert.toFixed(2)} PostgreSQL rows each) for ${rawSeconds} s, after the first level. A sale wrote ${first.rowsPerSale.toFixed(1)} rows at the first level, so the store could take about ${rawLimit.toFixed(0)} sales/s; checkout reached ${first.capacity.rps}: ${share(first)}% (aim: at least 60%): ${share(first) >= 60 ? 'met' : 'NOT met'}.`
    : 'The store\'s limit was not measured.',
  `Ledger self-audit after the last level (runLedgerAudit, no grace period, every sale): ${auditLine(ledgerAudit)}.`,
  '',
  '## Two replicas of every service and worker beside one (0 postings, each on a fresh database)',
  '',
  '| Kassa | paced sales | paced sales/s | paced p50 ms | paced p99 ms | non-2xx | errors | capacity sales | capacity sales/s | capacity p50 ms | capacity p99 ms | non-2xx | errors | rows per sale |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  `| 1 replica (first level above) | ${fig(first.paced)} | ${fig(first.capacity)} | ${first.rowsPerSale.toFixed(1)} |`,
  `| KASSA_REPLICAS=2 | ${fig(twoReplicas.paced)} | ${fig(twoReplicas.capacity)} | ${twoReplicas.rowsPerSale.toFixed(1)} |`,
  '',
  `Ledger self-audit of the two-replica Kassa: ${auditLine(replicaAudit)}.`,
  `Both Kassas share this machine's ${facts[0]?.match(/(\d+) cores/)?.[1] ?? '?'} cores: a second replica adds processes, not cores.`,
];
const found = [
  ...ledgerAudit.differences.slice(0, 20).map((d) => `- 1 replica: ${describeDifference(d)}`),
  ...replicaAudit.differences.slice(0, 20).map((d) => `- 2 replicas: ${describeDifference(d)}`),
];
if (found.length > 0) lines.push('', 'Differences the ledger self-audit found (first 20 of each):', ...found);
if (refusals.size > 0) lines.push('', 'Answers other than 200 (first 20):', ...[...refusals].map((r) => `- ${r}`));
if (ledgerAudit.differences.length > 0 || replicaAudit.differences.length > 0 || ledgerAudit.incomplete || replicaAudit.incomplete) process.exitCode = 1;
lines.push('', stealSinceStart());
console.log(lines.join('\n'));
writeFileSync(join(import.meta.dirname, 'reports', 'growth.md'), `${lines.join('\n')}\n`);
