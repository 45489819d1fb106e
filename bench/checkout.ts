/**
 * bench/checkout: concurrent tills paying on members' accounts with PIN through the gateway, beside a trivial gateway
 * route measured in the same run. Starts its own Kassa on a fresh database, prints throughput and p50/p99, checks that
 * the ledger still sums to the balances, and writes bench/reports/checkout.md.
 * Usage: npx tsx bench/checkout.ts   (TILLS=32 DURATION=15)
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { api, login, startSystem } from './lib/system';

const tills = Number(process.env.TILLS ?? 32);
const duration = Number(process.env.DURATION ?? 15);

interface Figures { rps: number; p50: number; p90: number; p99: number; max: number; non2xx: number; errors: number; requests: number }
const figures = (r: autocannon.Result): Figures => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p90: r.latency.p90,
  p99: r.latency.p99,
  max: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors,
  requests: r.requests.total,
});

const system = await startSystem();
try {
  const token = await login(system.url, 'till');
  const { categories } = await api<{ categories: { products: { id: string; price: number }[] }[] }>(system.url, '/api/products/', { token });
  const product = categories[0]!.products[0]!;
  const { accounts } = await api<{ accounts: { id: string; name: string }[] }>(system.url, '/api/accounts/', { token: await login(system.url, 'bar') });
  // Credit (direct-debit) accounts may go negative, so the run never stops on an empty account; the PIN is checked all the same.
  const bar = await login(system.url, 'bar');
  const all = await api<{ accounts: { id: string; directDebit: boolean; balance: number }[] }>(system.url, '/api/accounts/', { token: bar });
  const credit = all.accounts.filter((a) => a.directDebit).map((a) => a.id);
  const targets = credit.length > 0 ? credit : accounts.map((a) => a.id);

  const baseline = await autocannon({ url: `${system.url}/api/health`, connections: tills, duration: Math.max(5, Math.round(duration / 2)) });

  let i = 0;
  const accepted = new Map<string, number>();
  const result = await autocannon({
    url: system.url,
    connections: tills,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/checkout/account/',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        setupRequest: (req) => {
          const accountId = targets[i++ % targets.length]!;
          return { ...req, body: JSON.stringify({ products: [{ id: product.id, amount: 1 }], account_id: accountId, pin: '1234', nonce: randomUUID() }) };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          const id = (JSON.parse(body) as { result: { transaction_id: string } }).result.transaction_id;
          accepted.set(id, product.price);
        },
      },
    ],
  });

  // Ledger self-check straight in the accounts database: every account's postings sum to its cached balance (written
  // shortly after each answer, hence the pause).
  await new Promise((r) => setTimeout(r, 3000));
  const db = await mongoose.createConnection(system.mongoUri, { dbName: 'kassa_accounts' }).asPromise();
  const sums = await db.collection('postings').aggregate<{ _id: unknown; sum: number; count: number }>([{ $group: { _id: '$accountId', sum: { $sum: '$amount' }, count: { $sum: 1 } } }]).toArray();
  const cached = await db.collection('accounts').find({}, { projection: { balance: 1 } }).toArray();
  const balance = new Map(cached.map((a) => [String(a._id), a.balance as number]));
  const mismatches = sums.filter((s) => balance.get(String(s._id)) !== s.sum).length;
  const acceptedKeys = [...accepted.keys()];
  const checkoutDb = db.useDb('kassa_checkout');
  const confirmed = await checkoutDb.collection('transactions').countDocuments({ status: 'completed', method: 'account' });
  const purchasePostings = await db.collection('postings').countDocuments({ kind: 'purchase' });

  await db.close();
  const b = figures(baseline);
  const c = figures(result);
  const lines = [
    `# bench/checkout — ${new Date().toISOString()}`,
    '',
    `Machine: ${process.env.BENCH_MACHINE ?? '2 cores, Node ' + process.version}. ${tills} concurrent tills, ${duration} s, account payment with PIN through the gateway.`,
    '',
    '| route | req/s | p50 ms | p90 ms | p99 ms | max ms | non-2xx | errors |',
    '|---|---|---|---|---|---|---|---|',
    `| GET /api/health (bare gateway) | ${b.rps} | ${b.p50} | ${b.p90} | ${b.p99} | ${b.max} | ${b.non2xx} | ${b.errors} |`,
    `| POST /api/checkout/account/ | ${c.rps} | ${c.p50} | ${c.p90} | ${c.p99} | ${c.max} | ${c.non2xx} | ${c.errors} |`,
    '',
    `Purchases answered 200 within the run: ${acceptedKeys.length}; completed account sales recorded (including those still in flight when the load stopped): ${confirmed}; purchase postings in the ledger: ${purchasePostings}; accounts whose postings do not sum to their balance: ${mismatches}.`,
    `Target: checkout p99 under 50 ms at 32 tills — ${c.p99 < 50 ? 'met' : 'NOT met'}.`,
  ];
  console.log(lines.join('\n'));
  writeFileSync(join(import.meta.dirname, 'reports', 'checkout.md'), `${lines.join('\n')}\n`);
  if (mismatches > 0 || purchasePostings !== confirmed || confirmed < acceptedKeys.length) process.exitCode = 1;
} finally {
  await system.stop();
}
