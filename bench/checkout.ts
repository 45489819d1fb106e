/**
 * bench/checkout: how fast Kassa sells and what a sale costs, in levels measured on one Kassa (scripts/start.ts, fresh
 * database) in one run, each beside the levels under it: on a shared, busy machine the absolute figures move from run
 * to run, the ratios much less, and the ratios are what targets are set on.
 * 1. gateway: the bare gateway route (GET /api/health), TILLS clients back to back;
 * 2. store: the store's raw insert rate, TILLS clients each inserting one document at a time through the MongoDB driver
 *    into a scratch collection (no index but _id), and the PostgreSQL rows one insert is;
 * 3. sale: TILLS tills selling mixed carts through the gateway (lib/tills.ts), paced (PACE sales a second each: the
 *    latency target) and back to back (the capacity); during the back-to-back load, the cost of a sale: CPU time of
 *    every process and of the run's PostgreSQL backends, rows written, commits; and each process's resident memory;
 * 4. hops: one request at a time (nothing queues), the gateway route, sales through the gateway, straight to checkout,
 *    the ledger posting straight to accounts, one insert in the store: where a lone sale's time goes;
 * 5. growth: the ledger brought to GROWTH postings in bulk (@kassa/test-stack/ledger-history), their sales spread over
 *    the past year, the store settled (VACUUM ANALYZE, CHECKPOINT, as months of evenings would have), level 3 again;
 *    the ledger's self-audit must then accept the whole history;
 * 6. reports: the admin reports page's answers over that year (overview of 365, 90 and 30 days, one day's report),
 *    REPORT_CALLS each, beside the gateway route and the rate the seed wrote the sales at.
 * Writes bench/reports/checkout.md; exits 1 when the audit finds a difference.
 * Usage: npx tsx bench/checkout.ts   (TILLS=32 PACED=20 CAPACITY=15 PACE=1 N=100 GROWTH=200000 REPORT_CALLS=10 BENCH_PORT=9080)
 * Every port (BENCH_PORT to BENCH_PORT+4) must stay below the machine's ephemeral ports (32768 up), where an outgoing
 * connection could already hold it.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose, { Types } from 'mongoose';
import { auditLedger, seedLedgerHistory } from '@kassa/test-stack/ledger-history';
import { login, startSystem } from '@kassa/test-stack/system';
import { loadNow, runFacts, stealSinceStart } from './lib/facts';
import { cpuByPart, PG_STATS_DELAY_MS, pgSnapshot, type PgSnapshot, rssByPart, settleStore } from './lib/pg-counters';
import { type Figures, prepareTills, refusals, runTills, type Sample, summarise, type Tills } from './lib/tills';

const tills = Number(process.env.TILLS ?? 32);
const pacedSeconds = Number(process.env.PACED ?? 20);
const capacitySeconds = Number(process.env.CAPACITY ?? 15);
const pace = Number(process.env.PACE ?? 1);
/** Timed calls per hop, after 20 untimed. */
const N = Number(process.env.N ?? 100);
const growth = Number(process.env.GROWTH ?? 200_000);
/** Calls timed per reports answer (each reads up to a year of sales). */
const REPORT_CALLS = Number(process.env.REPORT_CALLS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 9080);
/** Seconds of the gateway and store levels. */
const LEVEL_SECONDS = 10;
/** The services' development default (libs/service-kit config); the bench's Kassa runs without INTERNAL_TOKEN. */
const INTERNAL_TOKEN = 'kassa-internal-dev-token';

const yearSales = (reports: { sales: number }[]) => reports[0]?.sales ?? 0;
const rows = (s: PgSnapshot) => s.inserted + s.updated + s.deleted;
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(3) : '—');

interface SaleLevel {
  postings: number;
  paced: Figures;
  capacity: Figures;
  rowsPerSale: number;
  commitsPerSale: number;
  /** CPU ms per sale of each part of Kassa, and of the run's PostgreSQL backends ('postgresql'). */
  cpu: Map<string, number>;
}

/** Level 3: a warm-up (not counted), paced, then back to back with what it cost read before and after. */
async function sell(t: Tills, postings: number): Promise<SaleLevel> {
  await runTills(t, tills, 10, 10, []);
  const paced: Sample[] = [];
  const pacedErrors = await runTills(t, tills, pacedSeconds, pace, paced);
  // pg_stat_database counts what backends report, up to 10 s late (PG_STATS_DELAY_MS).
  await sleep(PG_STATS_DELAY_MS);
  const cpu0 = cpuByPart(t.system.pid);
  const pg0 = await pgSnapshot(t.system.pgDatabase);
  const capacity: Sample[] = [];
  const capacityErrors = await runTills(t, tills, capacitySeconds, null, capacity);
  // The balance caches are written a second after the last posting: part of what the sales cost.
  await sleep(2000);
  const cpu1 = cpuByPart(t.system.pid);
  const pgCpu1 = (await pgSnapshot(t.system.pgDatabase)).backendCpuMs;
  await sleep(PG_STATS_DELAY_MS - 2000);
  const pg1 = await pgSnapshot(t.system.pgDatabase);
  const ok = Math.max(1, capacity.filter((s) => s.status === 200).length);
  const cpu = new Map([...cpu1].filter(([part]) => part !== 'other').map(([part, ms]) => [part, (ms - (cpu0.get(part) ?? 0)) / ok]));
  cpu.set('postgresql', (pgCpu1 - pg0.backendCpuMs) / ok);
  return {
    postings,
    paced: summarise(paced, pacedErrors, pacedSeconds),
    capacity: summarise(capacity, capacityErrors, capacitySeconds),
    rowsPerSale: (rows(pg1) - rows(pg0)) / ok,
    commitsPerSale: (pg1.commits - pg0.commits) / ok,
    cpu,
  };
}

/** p50 and p99 (ms) of N calls one at a time, after 20 not timed. */
async function hop(fn: () => Promise<unknown>, n = N, warm = 20): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < warm; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(n - 1, Math.floor(q * n))]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

const load1 = loadNow();
const system = await startSystem({ port, env: { KASSA_NO_FRONTENDS: '1' } });
const store = await mongoose.createConnection(system.mongoUri, { dbName: 'kassa_bench_raw', maxPoolSize: tills }).asPromise();
let lines: string[];
try {
  const facts = await runFacts({ ...system, load1 });
  const t = await prepareTills('checkout', system);
  const rss0 = rssByPart(system.pid);

  // 1. The bare gateway route.
  const gw = await autocannon({ url: `${system.url}/api/health`, connections: tills, duration: LEVEL_SECONDS });
  const gateway = { rps: Math.round(gw.requests.average), p50: gw.latency.p50, p99: gw.latency.p99 };

  // 2. The store's raw insert rate.
  const scratch = store.collection('raw_inserts');
  await scratch.insertOne({ warm: true });
  await sleep(PG_STATS_DELAY_MS);
  const raw0 = await pgSnapshot(system.pgDatabase);
  let inserted = 0;
  const rawEnd = Date.now() + LEVEL_SECONDS * 1000;
  const rawStarted = performance.now();
  await Promise.all(
    Array.from({ length: tills }, async (_, c) => {
      for (let k = 0; Date.now() < rawEnd; k++, inserted++) {
        await scratch.insertOne({ accountId: new Types.ObjectId(), seq: k, amount: -350, balanceAfter: 10_000, key: `raw:${c}:${k}`, kind: 'purchase', ref: '', at: new Date() });
      }
    }),
  );
  const rawPerSecond = inserted / ((performance.now() - rawStarted) / 1000);
  await sleep(PG_STATS_DELAY_MS);
  const rowsPerInsert = (rows(await pgSnapshot(system.pgDatabase)) - rows(raw0)) / inserted;

  // 3. Sales through the gateway.
  const sale = await sell(t, await store.useDb('kassa_accounts').collection('postings').countDocuments({}));
  const rss1 = rssByPart(system.pid);

  // 4. One request at a time.
  const cartBody = { products: [{ id: t.products[0]!.id, amount: 1 }] };
  let next = 0;
  const account = () => t.credit[next++ % t.credit.length]!;
  const post = (base: string, path: string, body: object, headers: Record<string, string>) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.text());
  const till = { authorization: `Bearer ${t.till}` };
  const hops: [string, { p50: number; p99: number }][] = [
    ['GET /api/health through the gateway', await hop(() => fetch(`${system.url}/api/health`).then((r) => r.text()))],
    ['cash sale through the gateway', await hop(() => post(system.url, '/api/checkout/cash/', { ...cartBody, nonce: randomUUID() }, till))],
    ['account sale with PIN through the gateway', await hop(() => post(system.url, '/api/checkout/account/', { ...cartBody, account_id: account(), pin: '1234', nonce: randomUUID() }, till))],
    ['account sale with PIN, straight to checkout', await hop(() => post(`http://127.0.0.1:${port + 3}`, '/api/checkout/account/', { ...cartBody, account_id: account(), pin: '1234', nonce: randomUUID() }, till))],
    [
      'ledger posting with PIN, straight to accounts',
      await hop(() =>
        post(`http://127.0.0.1:${port + 1}`, '/internal/ledger/postings', { target: { accountId: account() }, amount: -250, key: `hops:${randomUUID()}`, kind: 'purchase', ref: 'hops', checkPin: true, pin: '1234' }, { 'x-internal-token': INTERNAL_TOKEN }),
      ),
    ],
    ['one insert in the store (scratch collection)', await hop(() => scratch.insertOne({ nonce: randomUUID() }))],
  ];
  await store.dropDatabase();

  // 5. Growth: a large history, then the sale level again.
  const salesBefore = await store.useDb('kassa_checkout').collection('transactions').countDocuments({});
  const seedStarted = performance.now();
  const seeded = await seedLedgerHistory(system.mongoUri, [...t.prepaid, ...t.credit], growth);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const settleSeconds = await settleStore(system.pgDatabase);
  // The accounts service re-reads an account after 5 s; the warm-up in sell() takes the rest.
  await sleep(6000);
  const grown = await sell(t, seeded.postings);
  const rss2 = rssByPart(system.pid);
  await sleep(3000);
  const audit = await auditLedger(system.mongoUri, `http://127.0.0.1:${port + 3}`, INTERNAL_TOKEN);
  if (!audit.clean) process.exitCode = 1;

  // 6. The board's reports page over the grown year, through the gateway as the page asks: the overview of 365, 90 and
  //    30 days, and one day's report; how many sales each read comes from its own answer (the hours' counts).
  const admin = { authorization: `Bearer ${await login(system.url, 'admin')}` };
  const getJson = (path: string) => fetch(system.url + path, { headers: admin }).then(async (r) => (r.ok ? r.json() : Promise.reject(new Error(`${path}: ${r.status} ${await r.text()}`))));
  const busyDay = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
  const reports: { what: string; sales: number; time: { p50: number; p99: number } }[] = [];
  // The seed wrote its sales behind checkout's back, so no day of the year is summed yet: the first overview sums each
  // (checkout's day sums, kept per closed day); a call the gateway gives up on goes on summing, so ask until it answers.
  const coldStart = performance.now();
  let coldTries = 0;
  for (;;) {
    coldTries += 1;
    const r = await fetch(`${system.url}/api/admin/reports/overview?days=365`, { headers: admin });
    await r.arrayBuffer();
    if (r.ok) break;
    if (r.status !== 504 || performance.now() - coldStart > 20 * 60_000) throw new Error(`overview of a year: ${r.status}`);
    await sleep(2_000);
  }
  const coldMs = Math.round(performance.now() - coldStart);
  for (const days of [365, 90, 30]) {
    const path = `/api/admin/reports/overview?days=${days}`;
    const answer = (await getJson(path)) as { result: { hours: { count: number }[] } };
    reports.push({ what: `overview of ${days} days`, sales: answer.result.hours.reduce((s, h) => s + h.count, 0), time: await hop(() => getJson(path), REPORT_CALLS, 2) });
  }
  const dayPath = `/api/admin/reports/day?day=${busyDay}`;
  const dayAnswer = (await getJson(dayPath)) as { result: { totals: { sales: number } } };
  reports.push({ what: `day report (${busyDay})`, sales: dayAnswer.result.totals.sales, time: await hop(() => getJson(dayPath), REPORT_CALLS, 2) });
  const seedRate = Math.round((seeded.sales - salesBefore) / seedSeconds);

  const cap = sale.capacity.rps;
  const storeLimit = sale.rowsPerSale > 0 ? (rawPerSecond * rowsPerInsert) / sale.rowsPerSale : 0;
  const gwHop = hops[0]![1].p50;
  const storeHop = hops.at(-1)![1].p50;
  const parts = [...sale.cpu.keys()].sort();
  const cpuTotal = (l: SaleLevel) => [...l.cpu.values()].reduce((a, b) => a + b, 0);
  const figures = (l: SaleLevel, f: Figures, what: string) => `| ${what} | ${f.requests} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.non2xx} / ${f.errors} | ${l.postings} |`;
  lines = [
    `# bench/checkout — ${new Date().toISOString()}`,
    '',
    ...facts,
    '',
    `${tills} tills, mixed carts (lib/tills.ts: 1-5 products, 1-3 of each; 40% prepaid with PIN, 35% credit with PIN, 25% cash). Levels ran in order on one Kassa: gateway and store ${LEVEL_SECONDS} s each; sales ${pacedSeconds} s paced at ${pace} sale/s per till, then ${capacitySeconds} s back to back, each after 10 s of warm-up; hops ${N} calls each.`,
    '',
    '## Ratios (measured in this run; what targets are set on)',
    '',
    '| ratio | value | from |',
    '|---|---|---|',
    `| checkout capacity / bare gateway route | ${ratio(cap, gateway.rps)} | ${cap} sales/s against ${gateway.rps} requests/s |`,
    `| checkout capacity / the store's raw inserts | ${ratio(cap, rawPerSecond)} | ${cap} sales/s against ${Math.round(rawPerSecond)} inserts/s |`,
    `| checkout capacity / what the store could write (its rows/s over a sale's rows) | ${ratio(cap, storeLimit)} | ${Math.round(storeLimit)} sales/s = ${Math.round(rawPerSecond)} × ${rowsPerInsert.toFixed(2)} rows / ${sale.rowsPerSale.toFixed(1)} rows per sale |`,
    `| lone account sale p50 / lone gateway route p50 | ${ratio(hops[2]![1].p50, gwHop)} | ${hops[2]![1].p50} ms against ${gwHop} ms |`,
    `| lone account sale p50 / one store insert p50 | ${ratio(hops[2]![1].p50, storeHop)} | ${hops[2]![1].p50} ms against ${storeHop} ms |`,
    `| capacity at ${grown.postings} postings / at ${sale.postings} | ${ratio(grown.capacity.rps, cap)} | ${grown.capacity.rps} against ${cap} sales/s |`,
    `| paced p99 at ${grown.postings} postings / at ${sale.postings} | ${ratio(grown.paced.p99, sale.paced.p99)} | ${grown.paced.p99} against ${sale.paced.p99} ms |`,
    '',
    '## Sales through the gateway',
    '',
    '| load | sales | sales/s | p50 ms | p99 ms | non-200 / errors | postings in the ledger |',
    '|---|---|---|---|---|---|---|',
    `| bare gateway route, ${tills} clients back to back | ${gw.requests.total} | ${gateway.rps} | ${gateway.p50} | ${gateway.p99} | ${gw.non2xx} / ${gw.errors} | — |`,
    ...[sale, grown].flatMap((l) => [figures(l, l.paced, `paced, ${pace} sale/s per till`), figures(l, l.capacity, 'back to back (capacity)')]),
    '',
    `Growth: ${seeded.postings} postings and ${seeded.sales} sales after the bulk seed (${seedSeconds.toFixed(0)} s; store settled in ${settleSeconds.toFixed(0)} s). Ledger self-audit afterwards (every sale, no grace period): ${audit.line}.`,
    '',
    '## Cost of a sale (back-to-back load) and memory',
    '',
    `| process | CPU ms per sale | at ${grown.postings} postings | RSS MB at start | after the sales | at the end |`,
    '|---|---|---|---|---|---|',
    ...parts.map((p) => `| ${p} | ${sale.cpu.get(p)!.toFixed(2)} | ${(grown.cpu.get(p) ?? 0).toFixed(2)} | ${rss0.get(p) ?? '—'} | ${rss1.get(p) ?? '—'} | ${rss2.get(p) ?? '—'} |`),
    `| all together | ${cpuTotal(sale).toFixed(2)} | ${cpuTotal(grown).toFixed(2)} | | | |`,
    '',
    `PostgreSQL per sale: ${sale.rowsPerSale.toFixed(1)} rows written, ${sale.commitsPerSale.toFixed(1)} commits (${grown.rowsPerSale.toFixed(1)} and ${grown.commitsPerSale.toFixed(1)} at ${grown.postings} postings). One raw insert: ${rowsPerInsert.toFixed(2)} rows.`,
    '',
    '## The reports page over a year of sales',
    '',
    `The grown history's sales spread over the past 365 days; the seed wrote them at ${seedRate} sales/s, behind checkout's back, so no closed day was summed yet. The first overview of the year summed every day once (${yearSales(reports)} sales) in ${coldMs} ms (${coldTries} call${coldTries === 1 ? '' : 's'}: the gateway gives up after its deadline, checkout goes on), ${ratio(yearSales(reports) / (coldMs / 1000), seedRate)}× the seed's rate; at a bar the hourly upkeep sums each day once after it ends. Then ${REPORT_CALLS} calls each through the gateway as the admin page makes them, after 2 warm-up calls.`,
    '',
    '| answer | sales counted | p50 ms | p99 ms | p50 / gateway route | sales counted per second / seeded per second |',
    '|---|---|---|---|---|---|',
    ...reports.map((r) => `| ${r.what} | ${r.sales} | ${r.time.p50} | ${r.time.p99} | ${ratio(r.time.p50, gwHop)} | ${ratio(r.sales / (r.time.p50 / 1000), seedRate)} |`),
    '',
    '## One request at a time',
    '',
    '| call | p50 ms | p99 ms | p50 / gateway route |',
    '|---|---|---|---|',
    ...hops.map(([what, h]) => `| ${what} | ${h.p50} | ${h.p99} | ${ratio(h.p50, gwHop)} |`),
    '',
    '## Reading',
    '',
    `- Latency target, checkout p99 under 50 ms with ${tills} tills at ${pace} sale/s each: ${sale.paced.p99 < 50 ? 'met' : 'NOT met'} (${sale.paced.p99} ms).`,
    `- Capacity is ${Math.round((100 * cap) / Math.max(1, gateway.rps))}% of the bare gateway route's rate and ${Math.round((100 * cap) / Math.max(1, storeLimit))}% of what the store could write at ${sale.rowsPerSale.toFixed(1)} rows a sale (aim: at least 60%): ${cap >= 0.6 * storeLimit ? 'met' : 'NOT met'}.`,
    `- A lone account sale takes ${ratio(hops[2]![1].p50, gwHop)}× the gateway's own round trip; the CPU it costs all processes together (${cpuTotal(sale).toFixed(1)} ms, under load) is what capacity divides the machine's cores by.`,
    `- Growth to ${grown.postings} postings: capacity ${ratio(grown.capacity.rps, cap)}×, paced p99 ${ratio(grown.paced.p99, sale.paced.p99)}× (target: neither worse by more than 10%): ${grown.capacity.rps >= 0.9 * cap && grown.paced.p99 <= 1.1 * sale.paced.p99 ? 'met' : 'NOT met'}.`,
  ];
  const yearReport = reports[0]!;
  lines.push(
    `- The reports page's overview of a year (${yearReport.sales} sales) answers in ${yearReport.time.p50} ms at the median (${ratio(yearReport.time.p50, gwHop)}× the gateway route), from the kept day sums and today's sales (target: within 2 s on this kind of machine, so the page opens without a wait: ${yearReport.time.p50 <= 2000 ? 'met' : 'NOT met'}). Summing a year of days from nothing took ${Math.round(coldMs / 1000)} s, ${ratio(yearSales(reports) / (coldMs / 1000), seedRate)}× the rate the sales were written at: a one-off after an import, never on the page's path at a bar.`,
  );
  if (refusals.size > 0) lines.push('', 'Answers other than 200 (first 5):', ...[...refusals].slice(0, 5).map((r) => `- ${r.slice(0, 160)}`));
  // The steal line ends the reading, as one more point of it.
  lines.push(`- ${stealSinceStart()}`);
} finally {
  await store.close();
  await system.stop();
}
console.log(lines.join('\n'));
writeFileSync(join(import.meta.dirname, 'reports', 'checkout.md'), `${lines.join('\n')}\n`);
