/**
 * bench/cost-per-sale: what one sale costs the machine, for planning many venues (docs/scale.md). Starts Kassa
 * (scripts/start.ts) on a fresh database, warms up, then sells SALES mixed sales from TILLS tills through the gateway and
 * reads, before and after: the CPU time of every process of the run (/proc), PostgreSQL's counters for the run's database
 * (commits, rows written) and its WAL position (cluster-wide: other databases' writes meanwhile count too), and the bytes
 * of each request and answer at the till. Prints per-sale figures and writes bench/reports/cost-per-sale.md.
 * Usage: npx tsx bench/cost-per-sale.ts   (SALES=600 TILLS=8)
 */
import { writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadNow } from './lib/facts';
import { cpuByPart, PG_STATS_DELAY_MS, pgSnapshot } from './lib/pg-counters';
import { api, login, startSystem } from './lib/system';

const SALES = Number(process.env.SALES ?? 600);
const TILLS = Number(process.env.TILLS ?? 8);

interface Setup {
  till: string;
  bar: string;
  products: { id: string; price: number }[];
  prepaid: string[];
  credit: string[];
}

let requestBytes = 0;
let answerBytes = 0;

async function sell(s: Setup, i: number): Promise<boolean> {
  const lines = Array.from({ length: 1 + (i % 3) }, (_, k) => ({ id: s.products[(i + k) % s.products.length]!.id, amount: 1 + (k % 2) }));
  const r = i % 4;
  const [method, token, extra] =
    r < 2 ? ['cash', s.till, {}] : r === 2 ? ['account', s.till, { account_id: s.prepaid[i % s.prepaid.length], pin: '1234' }] : ['account', s.bar, { account_id: s.credit[i % s.credit.length] }];
  const body = JSON.stringify({ products: lines, nonce: randomUUID(), ...extra });
  const res = await fetch(`${system.url}/api/checkout/${method}/`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
  const text = await res.text();
  requestBytes += Buffer.byteLength(body);
  answerBytes += Buffer.byteLength(text);
  return res.status === 200;
}

async function run(s: Setup, count: number): Promise<number> {
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: TILLS }, async () => {
      while (next < count) if (await sell(s, next++)) ok += 1;
    }),
  );
  return ok;
}

const load = loadNow();
const system = await startSystem({ port: 28380 });
try {
  const till = await login(system.url, 'till');
  const bar = await login(system.url, 'bar');
  const catalog = await api<{ categories: { products: { id: string; price: number }[] }[] }>(system.url, '/api/products/', { token: till });
  const products = catalog.categories.flatMap((c) => c.products).filter((p) => p.price > 0 && p.price <= 250).slice(0, 12);
  const { accounts } = await api<{ accounts: { id: string; type: string; directDebit: boolean; balance: number }[] }>(system.url, '/api/accounts/', { token: bar });
  const members = accounts.filter((a) => a.type === 'member');
  const s: Setup = { till, bar, products, prepaid: members.filter((a) => !a.directDebit && a.balance >= 2000).map((a) => a.id), credit: members.filter((a) => a.directDebit).map((a) => a.id) };
  console.log(`${s.prepaid.length} prepaid and ${s.credit.length} credit accounts`);
  await run(s, 100);
  requestBytes = 0;
  answerBytes = 0;

  // The warm-up's counters reach pg_stat_database first (PG_STATS_DELAY_MS); the run's are read as long after it.
  await sleep(PG_STATS_DELAY_MS);
  const cpu0 = cpuByPart(system.pid);
  const pg0 = await pgSnapshot(system.pgDatabase);
  const started = performance.now();
  const ok = await run(s, SALES);
  const seconds = (performance.now() - started) / 1000;
  const cpu1 = cpuByPart(system.pid);
  const pgCpu1 = (await pgSnapshot(system.pgDatabase)).backendCpuMs;
  await sleep(PG_STATS_DELAY_MS);
  const pg1 = await pgSnapshot(system.pgDatabase);

  const per = (n: number) => (n / ok).toFixed(2);
  const parts = [...cpu1.keys()].filter((p) => p !== 'other').sort();
  const totalCpu = parts.reduce((n, p) => n + (cpu1.get(p)! - (cpu0.get(p) ?? 0)), 0);
  const lines = [
    `# bench/cost-per-sale — ${new Date().toISOString()}`,
    '',
    `Machine: ${cpus().length} cores, Node ${process.version}, load average ${load.toFixed(2)} at the start. One Kassa (\`npm start\`: one of each service, FerretDB on the machine's PostgreSQL, database "${system.pgDatabase}"). ${TILLS} tills back to back, ${SALES} sales after 100 to warm up: half cash, a quarter on a prepaid account with PIN, a quarter on a credit account without PIN (every demo member account in turn), 1-3 lines each. Answers other than 200 (a refusal for credit) cost too, but are not counted as sales.`,
    '',
    `Sales answered 200: ${ok} of ${SALES}, in ${seconds.toFixed(1)} s (${(ok / seconds).toFixed(0)} sales/s).`,
    '',
    '| per sale | value |',
    '|---|---|',
    ...parts.map((p) => `| CPU ms, ${p} | ${per(cpu1.get(p)! - (cpu0.get(p) ?? 0))} |`),
    `| CPU ms, Kassa's processes together | ${per(totalCpu)} |`,
    `| CPU ms, PostgreSQL backends of the run's database (those alive at both readings) | ${per(pgCpu1 - pg0.backendCpuMs)} |`,
    `| PostgreSQL commits | ${per(pg1.commits - pg0.commits)} |`,
    `| rows inserted | ${per(pg1.inserted - pg0.inserted)} |`,
    `| rows updated | ${per(pg1.updated - pg0.updated)} |`,
    `| rows deleted | ${per(pg1.deleted - pg0.deleted)} |`,
    `| WAL bytes (the whole cluster) | ${per(Number(pg1.walBytes - pg0.walBytes))} |`,
    `| bytes the till sends | ${per(requestBytes)} |`,
    `| bytes the till receives (answer bodies) | ${per(answerBytes)} |`,
    '',
    'Rows are PostgreSQL rows under FerretDB: one per document written, plus what its index twins and metadata add. A sale on an account also writes the ledger posting and, a second later, the account\'s cached head (one write for several postings when they come fast).',
  ];
  const text = lines.join('\n');
  console.log(text);
  writeFileSync(join(import.meta.dirname, 'reports', 'cost-per-sale.md'), `${text}\n`);
} finally {
  await system.stop();
}
