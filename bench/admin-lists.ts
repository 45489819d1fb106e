/**
 * bench/admin-lists: the first page of every admin list through the gateway, with 100,000 sales, 100,000 postings
 * and 100,000 online top-ups (PAYMENTS)
 * on the local database (issue "Administration I": each under 300 ms). Starts its own Kassa on a fresh database,
 * writes the rows straight into the services' collections (sales in checkout's, postings with their accounts' heads in
 * accounts'), asks each list RUNS times and prints median and worst; writes bench/reports/admin-lists.md.
 * Usage: npx tsx bench/admin-lists.ts   (SALES=100000 POSTINGS=100000 RUNS=7)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mongoose, { Types } from 'mongoose';
import { dayRegisterModel } from '@kassa/service-kit';
import { seedLargeAccounts } from '../services/accounts/src/demo/seed-demo';
import { BalanceDays } from '../services/accounts/src/ledger/accounts-admin/balance-days';
import { accountModel } from '../services/accounts/src/ledger/models/account.model';
import { balanceDayModel } from '../services/accounts/src/ledger/models/balance-day.model';
import { postingModel } from '../services/accounts/src/ledger/models/posting.model';
import { transactionModel } from '../services/checkout/src/models/transaction.model';
import { SaleDays } from '../services/checkout/src/sales/sale-days';
import { IdealDays } from '../services/payments/src/ideal/ideal-days';
import { idealPaymentModel } from '../services/payments/src/ideal/models/ideal-payment.model';
import { loadNow, runFacts, stealSinceStart } from './lib/facts';
import { api, login, startSystem } from './lib/system';
import { median } from './lib/stats';

const SALES = Number(process.env.SALES ?? 100_000);
const PAYMENTS = Number(process.env.PAYMENTS ?? 100_000);
const POSTINGS = Number(process.env.POSTINGS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 7);
const ACCOUNTS = 1_000;
const BATCH = 2_000;
const TARGET_MS = 300;

const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(d);

async function seedSales(db: mongoose.Connection, products: { id: string; name: string; price: number; categoryId: string }[], accountIds: string[]) {
  const Tx = transactionModel(db);
  const start = Date.now() - 365 * 24 * 3_600_000;
  const methods = ['cash', 'card', 'account', 'other'] as const;
  const payment = { cash: 'cash_payment', card: 'card_payment', account: 'account_payment', other: 'other_payment' } as const;
  for (let done = 0; done < SALES; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, SALES - done) }, (_, j) => {
      const i = done + j;
      const at = new Date(start + Math.floor((i / SALES) * 365 * 24 * 3_600_000));
      const p = products[i % products.length]!;
      const method = methods[i % methods.length]!;
      const accountId = method === 'account' ? accountIds[i % accountIds.length]! : null;
      return {
        nonce: `bench-sale-${i}`,
        payloadHash: 'bench',
        method,
        paymentMethod: payment[method],
        status: 'completed',
        products: [{ productId: p.id, name: p.name, price: p.price, amount: 1 + (i % 3), categoryId: p.categoryId, vatRate: 21 }],
        total: p.price * (1 + (i % 3)),
        target: { accountId, cardSecretHash: null, self: false },
        accountId,
        accountName: accountId ? 'Bench account' : null,
        balanceAfter: null,
        upgrade: null,
        reason: method === 'other' ? 'Bench' : null,
        registerId: null,
        userId: new Types.ObjectId().toHexString(),
        username: 'till',
        terminal: null,
        error: null,
        undone: null,
        day: day(at),
        createdAt: at,
        updatedAt: at,
      };
    });
    await Tx.collection.insertMany(rows, { ordered: false });
  }
  // What checkout writes when it sells: each day with sales in its register (counts come later, in the background).
  const days = [...new Set(Array.from({ length: 366 }, (_, i) => day(new Date(start + i * 24 * 3_600_000))))];
  await dayRegisterModel(db, 'SaleDay').collection.insertMany(days.map((d) => ({ day: d, counts: null })), { ordered: false }).catch(() => undefined);
}

/** POSTINGS postings over ACCOUNTS accounts, each account's run 1, 2, 3 … after its opening one, heads kept right. */
async function seedPostings(db: mongoose.Connection, accountIds: Types.ObjectId[]) {
  const Posting = postingModel(db);
  const Account = accountModel(db);
  const heads = new Map<string, { seq: number; balance: number }>();
  for (const p of await Posting.find({ accountId: { $in: accountIds } }, { accountId: 1, seq: 1, balanceAfter: 1 }).lean()) {
    heads.set(String(p.accountId), { seq: p.seq, balance: p.balanceAfter });
  }
  const start = Date.now() - 365 * 24 * 3_600_000;
  for (let done = 0; done < POSTINGS; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, POSTINGS - done) }, (_, j) => {
      const i = done + j;
      const id = accountIds[i % accountIds.length]!;
      const head = heads.get(String(id)) ?? { seq: 0, balance: 0 };
      // Top-ups and purchases in turn, so every account stays at or above zero.
      const amount = i % 2 === 0 ? 500 : -(100 + (i % 400));
      const next = { seq: head.seq + 1, balance: head.balance + amount };
      heads.set(String(id), next);
      const at = new Date(start + Math.floor((i / POSTINGS) * 365 * 24 * 3_600_000));
      return { accountId: id, seq: next.seq, amount, balanceAfter: next.balance, key: `bench-posting-${i}`, kind: amount > 0 ? 'topup' : 'purchase', ref: 'bench', description: null, at, day: day(at), method: null, reason: null, by: null };
    });
    await Posting.collection.insertMany(rows, { ordered: false });
  }
  for (const [id, head] of heads) await Account.collection.updateOne({ _id: new Types.ObjectId(id) }, { $set: { balance: head.balance, headSeq: head.seq } });
}

/** PAYMENTS online top-ups over a year on the accounts, mostly paid, each with its day in payments' register of days. */
async function seedPayments(db: mongoose.Connection, accountIds: string[]) {
  const Payment = idealPaymentModel(db);
  const start = Date.now() - 365 * 24 * 3_600_000;
  const statuses = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'cancelled', 'expired', 'open', 'failed'] as const;
  for (let done = 0; done < PAYMENTS; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, PAYMENTS - done) }, (_, j) => {
      const i = done + j;
      const at = new Date(start + Math.floor((i / PAYMENTS) * 365 * 24 * 3_600_000));
      const status = statuses[i % statuses.length]!;
      return {
        userId: new Types.ObjectId().toHexString(),
        username: 'member',
        accountId: accountIds[i % accountIds.length]!,
        accountName: 'Bench account',
        amount: 1000,
        provider: 'standin',
        providerId: `tr_bench_${i}`,
        checkoutUrl: null,
        status,
        paidAt: status === 'paid' ? at : null,
        creditedAt: status === 'paid' ? at : null,
        error: null,
        day: day(at),
        createdAt: at,
        updatedAt: at,
      };
    });
    await Payment.collection.insertMany(rows, { ordered: false });
  }
  const days = [...new Set(Array.from({ length: 366 }, (_, i) => day(new Date(start + i * 24 * 3_600_000))))];
  await dayRegisterModel(db, 'IdealDay').collection.insertMany(days.map((d) => ({ day: d, counts: null })), { ordered: false }).catch(() => undefined);
}

/** RUNS timings of one call; a call that fails (the gateway's 504 after 10 s) counts as infinitely slow and stops it. */
async function time(url: string, path: string, token: string, runs = RUNS): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    try {
      await api(url, path, { token });
    } catch (err) {
      console.log(`  ${path}: ${(err as Error).message.slice(0, 120)}`);
      return [...times, Number.POSITIVE_INFINITY];
    }
    times.push(performance.now() - t0);
  }
  return times;
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : 'no answer');

async function main() {
  const load1 = loadNow();
  const system = await startSystem({ port: 28090 });
  try {
    const facts = (await runFacts({ ...system, load1 })).join('\n');
    const accountsDb = mongoose.createConnection(system.mongoUri, { dbName: 'kassa_accounts' });
    const checkoutDb = mongoose.createConnection(system.mongoUri, { dbName: 'kassa_checkout' });
    const paymentsDb = mongoose.createConnection(system.mongoUri, { dbName: 'kassa_payments' });
    await Promise.all([accountsDb.asPromise(), checkoutDb.asPromise(), paymentsDb.asPromise()]);
    const admin = await login(system.url, 'admin');
    const catalogue = await api<{ categories: { id: string; products: { id: string; name: string; price: number }[] }[] }>(system.url, '/api/products/', { token: admin });
    const products = catalogue.categories.flatMap((c) => c.products.map((p) => ({ ...p, categoryId: c.id })));

    let t0 = Date.now();
    const accountIds = await seedLargeAccounts(accountsDb, ACCOUNTS);
    await seedPostings(accountsDb, accountIds);
    const postingsSeconds = (Date.now() - t0) / 1000;
    t0 = Date.now();
    await seedSales(checkoutDb, products, accountIds.map(String));
    await seedPayments(paymentsDb, accountIds.map(String));
    const salesSeconds = (Date.now() - t0) / 1000;
    const counts = { sales: await transactionModel(checkoutDb).estimatedDocumentCount(), postings: await postingModel(accountsDb).estimatedDocumentCount(), accounts: await accountModel(accountsDb).estimatedDocumentCount() };
    console.log(`seeded ${counts.sales} sales in ${salesSeconds.toFixed(0)} s and ${counts.postings} postings on ${counts.accounts} accounts in ${postingsSeconds.toFixed(0)} s`);

    const busy = String(accountIds[7]);
    const lists: [string, string][] = [
      ['Accounts', '/api/admin/accounts/?page=1&perPage=15'],
      ['Accounts below zero', '/api/admin/accounts/?page=1&perPage=15&negative=true'],
      ['Accounts, search', '/api/admin/accounts/?page=1&perPage=15&search=jansen'],
      ['Account postings', `/api/admin/accounts/${busy}/postings/?page=1&perPage=15`],
      ['Account postings, last page', `/api/admin/accounts/${busy}/postings/?page=7&perPage=15`],
      ['Users', '/api/admin/users/?page=1&perPage=15'],
      ['Products', '/api/admin/products/?page=1&perPage=15'],
      ['Audit log', '/api/admin/audit_logs?page=1&perPage=15'],
      ['Account requests', '/api/admin/account_requests?page=1&perPage=15'],
      ['iDEAL payments', '/api/admin/ideal/?page=1&perPage=15'],
      ['iDEAL payments, open', '/api/admin/ideal/?page=1&perPage=15&status=open'],
      ['iDEAL payments, page 500', '/api/admin/ideal/?page=500&perPage=15'],
      ['iDEAL payments of one account', `/api/admin/ideal/?page=1&perPage=15&account=${busy}`],
      ['Ledgers', '/api/admin/accounts/ledgers/?page=1&perPage=15'],
      ['Transactions of one day', `/api/admin/transactions/?page=1&perPage=15&day=${day(new Date(Date.now() - 100 * 24 * 3_600_000))}`],
      ['Transactions of one account', `/api/admin/transactions/?page=1&perPage=15&account=${busy}`],
      ['Transactions', '/api/admin/transactions/?page=1&perPage=15'],
      ['Transactions, page 500', '/api/admin/transactions/?page=500&perPage=15'],
      ['Transactions paid in cash', '/api/admin/transactions/?page=1&perPage=15&method=cash'],
    ];
    const rows: { name: string; path: string; median: number; worst: number }[] = [];
    // What checkout does at start and every ten minutes: count the closed days once and keep the counts.
    t0 = Date.now();
    const counted = await new SaleDays(checkoutDb, () => new Date(), 'Europe/Amsterdam').countClosedDays();
    console.log(`counted ${counted} closed days in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    // And what payments does: count each closed day of online top-ups once.
    await new IdealDays(paymentsDb).countClosedDays();
    // And what accounts does: the balance of every closed day, worked out once (the postings above were written into
    // the past, which the ledger never does, so what accounts kept at its start is dropped first).
    await balanceDayModel(accountsDb).deleteMany({});
    t0 = Date.now();
    const balanceDays = await new BalanceDays(accountsDb, () => new Date(), async () => undefined).keepClosedDays();
    console.log(`worked out the balance of ${balanceDays} closed days in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    lists.push(
      ['Balance at a date: today', `/api/admin/accounts/balance/?date=${day(new Date())}`],
      ['Balance at a date: yesterday', `/api/admin/accounts/balance/?date=${day(new Date(Date.now() - 24 * 3_600_000))}`],
      ['Balance at a date: 100 days ago', `/api/admin/accounts/balance/?date=${day(new Date(Date.now() - 100 * 24 * 3_600_000))}`],
    );
    for (const [name, path] of lists) {
      const times = await time(system.url, path, admin);
      rows.push({ name, path, median: median(times), worst: Math.max(...times) });
      console.log(`${name.padEnd(32)} median ${ms(median(times)).padStart(5)} ms  worst ${ms(Math.max(...times)).padStart(5)} ms`);
    }
    // Last, as they may get no answer (the database goes on with a query after the gateway's 504, slowing what follows):
    // the list right after an upgrade or a bulk import, before checkout has counted the closed days, and a balance
    // before accounts has worked out the closed days.
    await dayRegisterModel(checkoutDb, 'SaleDay').updateMany({}, { $set: { counts: null } });
    const uncounted = await time(system.url, '/api/admin/transactions/?page=1&perPage=15', admin, 1);
    rows.push({ name: 'Transactions, closed days not counted yet', path: '/api/admin/transactions/?page=1&perPage=15', median: median(uncounted), worst: Math.max(...uncounted) });
    console.log(`${rows.at(-1)!.name.padEnd(32)} median ${ms(rows.at(-1)!.median).padStart(5)} ms`);
    await balanceDayModel(accountsDb).deleteMany({});
    const unkeptPath = `/api/admin/accounts/balance/?date=${day(new Date(Date.now() - 100 * 24 * 3_600_000))}`;
    const unkept = await time(system.url, unkeptPath, admin, 1);
    rows.push({ name: 'Balance 100 days ago, closed days not worked out yet', path: unkeptPath, median: median(unkept), worst: Math.max(...unkept) });
    console.log(`${rows.at(-1)!.name.padEnd(32)} median ${ms(rows.at(-1)!.median).padStart(5)} ms`);
    await Promise.all([accountsDb.close(), checkoutDb.close(), paymentsDb.close()]);

    const over = rows.filter((r) => r.median > TARGET_MS);
    const report = [
      '# Admin lists at 100,000 sales, 100,000 postings and 100,000 online top-ups',
      '',
      `Run with \`npx tsx bench/admin-lists.ts\`: ${counts.sales.toLocaleString('en')} sales over a year, ${counts.postings.toLocaleString('en')} postings on ${counts.accounts.toLocaleString('en')} accounts and ${PAYMENTS.toLocaleString('en')} online top-ups, written straight into the local database as the services write them (each sale's day in checkout's register of sale days, each top-up's in payments' register of payment days); each list's first page asked ${RUNS} times through the gateway as admin, after the closed days were counted and the balance of every closed day worked out, as checkout and accounts do at start and every ten minutes (the last two rows are before that). Target: under ${TARGET_MS} ms.`,
      '',
      facts,
      '',
      '| List | Call | Median ms | Worst ms |',
      '|---|---|---:|---:|',
      ...rows.map((r) => `| ${r.name} | \`${r.path}\` | ${ms(r.median)} | ${ms(r.worst)} |`),
      '',
      over.length ? `Over the target: ${over.map((r) => r.name).join(', ')}.` : `Every list's first page is under ${TARGET_MS} ms.`,
      '',
      stealSinceStart(),
      '',
    ].join('\n');
    writeFileSync(join(import.meta.dirname, 'reports', 'admin-lists.md'), report);
    console.log(over.length ? `over ${TARGET_MS} ms: ${over.map((r) => r.name).join(', ')}` : `all under ${TARGET_MS} ms`);
  } finally {
    await system.stop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
