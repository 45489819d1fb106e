/**
 * testing/probes/faults: while tills buy in a loop through the gateway, crash and restart in turn the checkout service, the
 * accounts service, the payments worker, Redis, the database (FerretDB) and PostgreSQL under it (and stop checkout once
 * gracefully). PostgreSQL is a cluster of the run's own (testing/probes/lib/pg-cluster.ts), never the machine's. Afterwards the
 * databases are read directly: every purchase a till saw confirmed is in the ledger exactly once, nothing unconfirmed
 * took money, no card payment is left pending, every account's postings sum to its balance, and the ledger
 * self-audit finds no difference. Writes testing/probes/reports/faults.md; exits 1 when anything is lost, doubled, pending or off.
 * Usage: npx tsx testing/probes/faults.ts   (npm run test:faults; TILLS=8 PHASE_MS=5000 FAULTS_PORT=19880 KEEP_LOGS=1;
 * FAULTS_SYNC_COMMIT=off runs with synchronous_commit off for the run's database, to see what that loses; it then
 * writes testing/probes/reports/faults-sync-off.md instead; FAULTS_REPLICAS=2 runs two of every service and worker and kills one
 * replica at a time, where the tills must see no error at all: testing/probes/reports/faults-replicas.md)
 */
import { internalClient } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import mongoose, { type Connection } from 'mongoose';
import { describeDifference, runLedgerAudit, type LedgerAuditResult } from '../../services/accounts/src/ledger/ledger-audit';
import { loadavg } from 'node:os';
import { FaultSystem, type Target } from './lib/fault-system';

const LOAD_AT_START = loadavg()[0]!;

const TILLS = Number(process.env.TILLS ?? 8);
const PHASE_MS = Number(process.env.PHASE_MS ?? 5000);
const PORT = Number(process.env.FAULTS_PORT ?? 19880);
/** A sale that has no definite answer after this long counts as unresolved (and fails the run). */
const GIVE_UP_MS = 120_000;
/** How long a till watches a card payment before it moves on and leaves it to the worker. */
const CARD_WATCH_MS = 3000;
const TOPUP_STEP = 500;
const SYNC_OFF = process.env.FAULTS_SYNC_COMMIT === 'off';
/** FAULTS_REPLICAS=2: two of every service and worker, and the faults kill one replica while the other serves. */
const REPLICAS = Number(process.env.FAULTS_REPLICAS ?? 1);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[faults] ${line}`);

interface FaultSpec {
  name: string;
  target: Target;
  signal: NodeJS.Signals;
}

/** With replicas: one of two replicas dies or stops under load; the tills must not notice at all. */
const REPLICA_FAULTS: FaultSpec[] = [
  { name: 'one checkout replica', target: 'checkout-2', signal: 'SIGKILL' },
  { name: 'one accounts replica', target: 'accounts-2', signal: 'SIGKILL' },
  { name: 'one payments worker', target: 'payments-worker-2', signal: 'SIGKILL' },
  { name: 'one checkout replica, graceful stop', target: 'checkout-2', signal: 'SIGTERM' },
];

const ONE_EACH_FAULTS: FaultSpec[] = [
  { name: 'checkout service', target: 'checkout', signal: 'SIGKILL' },
  { name: 'accounts service', target: 'accounts', signal: 'SIGKILL' },
  { name: 'payments worker', target: 'payments-worker', signal: 'SIGKILL' },
  { name: 'Redis', target: 'redis', signal: 'SIGKILL' },
  { name: 'database (FerretDB)', target: 'database', signal: 'SIGKILL' },
  { name: 'PostgreSQL (postmaster and its backends)', target: 'postgresql', signal: 'SIGKILL' },
  { name: 'checkout service, graceful stop', target: 'checkout', signal: 'SIGTERM' },
];

const FAULTS = REPLICAS > 1 ? REPLICA_FAULTS : ONE_EACH_FAULTS;

type Kind = 'account-pin' | 'account-bar' | 'cash' | 'cash-topup' | 'card' | 'card-topup';
type Outcome = 'confirmed' | 'refused' | 'unresolved' | 'card-left-pending' | 'card-failed';

interface Sale {
  till: number;
  kind: Kind;
  nonce: string;
  phase: string;
  startedAt: number;
  attempts: number;
  outcome?: Outcome;
  confirmedAt?: number;
  transactionId?: string;
  accountId?: string;
  accountName?: string;
  total?: number;
  topup?: { accountId: string; amount: number };
  refusal?: string;
  /** The till stopped watching this card payment while it was pending (the worker had to finish it). */
  leftPending?: boolean;
}

interface ErrorSeen {
  at: number;
  phase: string;
  status: number;
  identifier: string;
  message: string;
  what: string;
}

interface Answer {
  status: number;
  body: { error?: boolean; errorIdentifier?: string; errorMessage?: string; result?: Record<string, unknown> } | null;
}

// ---------------------------------------------------------------- state shared by the tills and the fault driver
let phase = 'warm-up';
let loadRunning = true;
const sales: Sale[] = [];
const errors: ErrorSeen[] = [];
const unexpected: string[] = [];

const system = new FaultSystem({
  port: PORT,
  replicas: REPLICAS,
  env: { STANDIN_TERMINAL_DELAY_MS: '300', TERMINAL_POLL_MS: '200' },
  ...(SYNC_OFF ? { synchronousCommit: 'off' as const } : {}),
});

async function call(method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const res = await fetch(system.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json: Answer['body'] = null;
  try {
    json = text ? (JSON.parse(text) as Answer['body']) : null;
  } catch {
    /* not JSON: recorded as an unclear answer below */
  }
  return { status: res.status, body: json };
}

const retryable = (a: Answer) =>
  a.status >= 500 || a.body?.errorIdentifier === 'retry_later' || a.body?.errorIdentifier === 'service_unavailable' || a.body === null;

function noteError(what: string, status: number, identifier: string, message: string): void {
  errors.push({ at: Date.now(), phase, status, identifier, message, what });
}

/**
 * Sends one request until it has a definite answer: 200, or a 4xx refusal. Network errors, 5xx and retry_later are
 * retried with the same body (the same nonce), as the till does.
 */
async function definite(sale: Sale | null, what: string, method: string, path: string, token: string, body?: unknown): Promise<Answer | null> {
  const started = Date.now();
  let wait = 150;
  for (;;) {
    if (sale) sale.attempts += 1;
    let answer: Answer | null = null;
    try {
      answer = await call(method, path, token, body);
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      noteError(what, 0, 'network', e.cause?.code ?? e.message);
    }
    if (answer) {
      if (!retryable(answer)) return answer;
      noteError(what, answer.status, answer.body?.errorIdentifier ?? '(no wrapper)', answer.body?.errorMessage ?? '(no message)');
    }
    if (Date.now() - started > GIVE_UP_MS) return null;
    await sleep(wait + Math.random() * 100);
    wait = Math.min(1000, wait * 2);
  }
}

// ---------------------------------------------------------------- the tills
interface Setup {
  till: string;
  bar: string;
  product: { id: string; price: number };
  prepaid: { id: string; name: string }[];
  /** Prepaid accounts with little money and no top-ups: they run dry, so refusals happen during the faults too. */
  low: { id: string; name: string }[];
  credit: { id: string; name: string }[];
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

function chooseKind(): Kind {
  const r = Math.random();
  if (r < 0.35) return 'account-pin';
  if (r < 0.65) return 'account-bar';
  if (r < 0.72) return 'cash';
  if (r < 0.8) return 'cash-topup';
  if (r < 0.9) return 'card';
  return 'card-topup';
}

async function sell(s: Setup, tillNo: number): Promise<void> {
  const kind = chooseKind();
  const sale: Sale = { till: tillNo, kind, nonce: randomUUID(), phase: phase.split(':')[0]!, startedAt: Date.now(), attempts: 0 };
  sales.push(sale);
  const amount = 1 + Math.floor(Math.random() * 2);
  const products = [{ id: s.product.id, amount }];
  sale.total = s.product.price * amount;
  let method: string;
  let token: string;
  const body: Record<string, unknown> = { products, nonce: sale.nonce };
  switch (kind) {
    case 'account-pin':
    case 'account-bar': {
      const r = Math.random();
      const acc = pick(r < 0.15 && s.low.length > 0 ? s.low : r < 0.55 ? s.prepaid : s.credit);
      sale.accountId = acc.id;
      sale.accountName = acc.name;
      body.account_id = acc.id;
      if (kind === 'account-pin') body.pin = '1234';
      method = 'account';
      token = kind === 'account-pin' ? s.till : s.bar;
      break;
    }
    case 'cash':
      method = 'cash';
      token = s.till;
      break;
    case 'cash-topup':
    case 'card-topup': {
      const acc = pick(s.prepaid);
      // Like the till's "+5" button: the top-up makes the new total the next multiple of five euros.
      const topUp = TOPUP_STEP - (sale.total % TOPUP_STEP);
      sale.topup = { accountId: acc.id, amount: topUp };
      body.upgrade_account_id = acc.id;
      body.upgrade_amount = topUp;
      method = kind === 'cash-topup' ? 'cash' : 'card';
      token = s.bar;
      break;
    }
    case 'card':
      method = 'card';
      token = s.till;
      break;
  }

  const answer = await definite(sale, `POST /api/checkout/${method}/`, 'POST', `/api/checkout/${method}/`, token, body);
  if (!answer) {
    sale.outcome = 'unresolved';
    return;
  }
  if (answer.status !== 200) {
    sale.outcome = 'refused';
    sale.refusal = `${answer.status} ${answer.body?.errorIdentifier}: ${answer.body?.errorMessage}`;
    if (answer.body?.errorIdentifier !== 'insufficient_credits') unexpected.push(`${kind} ${sale.nonce}: ${sale.refusal}`);
    return;
  }
  const result = answer.body!.result as { transaction_id: string; status: string; total: number; accountName: string | null };
  sale.transactionId = result.transaction_id;
  if (method !== 'card') {
    if (result.status !== 'completed') unexpected.push(`${kind} ${sale.nonce}: answered 200 with status ${result.status}`);
    sale.outcome = 'confirmed';
    sale.confirmedAt = Date.now();
    return;
  }
  await watchCard(sale, token);
}

/** The till shows the card payment until the terminal ends it; after CARD_WATCH_MS it moves on and the worker finishes it. */
async function watchCard(sale: Sale, token: string): Promise<void> {
  const until = Date.now() + CARD_WATCH_MS;
  while (Date.now() < until) {
    await sleep(250);
    let status: Answer;
    try {
      status = await call('GET', `/api/transactions/card/${sale.transactionId}/status/`, token);
    } catch (err) {
      noteError('GET card status', 0, 'network', (err as Error).message);
      continue;
    }
    if (status.status !== 200) {
      noteError('GET card status', status.status, status.body?.errorIdentifier ?? '(no wrapper)', status.body?.errorMessage ?? '');
      continue;
    }
    const st = (status.body!.result as { status: string }).status;
    if (st !== 'pending' && st !== 'initializing') return finishCard(sale, token);
  }
  sale.outcome = 'card-left-pending';
  sale.leftPending = true;
}

/** The till's "finish": 200 is the confirmed sale; 409 while checkout has not heard the outcome yet is asked again. */
async function finishCard(sale: Sale, token: string, patienceMs = 30_000): Promise<void> {
  const until = Date.now() + patienceMs;
  for (;;) {
    const answer = await definite(null, 'POST finish', 'POST', `/api/transactions/${sale.transactionId}/finish/`, token);
    if (answer?.status === 200) {
      sale.outcome = 'confirmed';
      sale.confirmedAt = Date.now();
      return;
    }
    const stillOpen = answer?.body?.errorIdentifier === 'payment_not_finished';
    if (answer && !stillOpen) {
      sale.outcome = 'card-failed';
      sale.refusal = `${answer.status} ${answer.body?.errorIdentifier}: ${answer.body?.errorMessage}`;
      unexpected.push(`card ${sale.nonce}: ${sale.refusal}`);
      return;
    }
    if (Date.now() > until) {
      sale.outcome = 'card-left-pending';
      sale.leftPending = true;
      return;
    }
    await sleep(300);
  }
}

async function till(s: Setup, n: number): Promise<void> {
  while (loadRunning) {
    await sell(s, n);
    await sleep(50 + Math.random() * 150);
  }
}

// ---------------------------------------------------------------- the fault driver
interface FaultFigures {
  spec: FaultSpec;
  killAt: number;
  restartAt: number;
  readyAt: number;
  endAt: number;
  firstConfirmAfterRestartMs: number | null;
  cardPendingAtRestart: number | null;
  cardResolvedAfterMs: number | null;
}

async function openDb(name: string): Promise<Connection> {
  return mongoose.createConnection(system.mongoUri, { dbName: `${system.prefix}_${name}`, serverSelectionTimeoutMS: 20_000 }).asPromise();
}

const OPEN_CARD = { status: { $in: ['initializing', 'pending'] } };

async function runFault(spec: FaultSpec): Promise<FaultFigures> {
  const tag = spec.name;
  phase = `${tag}:before`;
  log(`${tag}: load for ${PHASE_MS} ms`);
  await sleep(PHASE_MS);
  phase = `${tag}:down`;
  const killAt = Date.now();
  await system.kill(spec.target, spec.signal);
  log(`${tag}: ${spec.signal} sent, down for ${PHASE_MS} ms`);
  await sleep(PHASE_MS);

  let cardPendingAtRestart: number | null = null;
  let pendingIds: string[] = [];
  if (spec.target === 'payments-worker') {
    const payments = await openDb('payments');
    pendingIds = (await payments.collection('cardtransactions').find(OPEN_CARD, { projection: { transactionId: 1 } }).toArray()).map((c) => String(c.transactionId));
    await payments.close();
    cardPendingAtRestart = pendingIds.length;
  }
  phase = `${tag}:recovering`;
  const restartAt = Date.now();
  await system.restart(spec.target);
  const readyAt = Date.now();
  log(`${tag}: restarted, ready after ${readyAt - restartAt} ms`);

  let cardResolvedAfterMs: number | null = null;
  if (spec.target === 'payments-worker' && pendingIds.length > 0) {
    const payments = await openDb('payments');
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const open = await payments.collection('cardtransactions').countDocuments({ transactionId: { $in: pendingIds }, ...OPEN_CARD });
      if (open === 0) {
        cardResolvedAfterMs = Date.now() - restartAt;
        break;
      }
      await sleep(200);
    }
    await payments.close();
  }
  const recoverLeft = PHASE_MS - (Date.now() - readyAt);
  if (recoverLeft > 0) await sleep(recoverLeft);
  const endAt = Date.now();
  const firstAfter = sales.filter((x) => x.confirmedAt !== undefined && x.confirmedAt >= restartAt).map((x) => x.confirmedAt!);
  const firstConfirmAfterRestartMs = firstAfter.length > 0 ? Math.min(...firstAfter) - restartAt : null;
  return { spec, killAt, restartAt, readyAt, endAt, firstConfirmAfterRestartMs, cardPendingAtRestart, cardResolvedAfterMs };
}

// ---------------------------------------------------------------- the checks, straight in the databases
interface PostingRow {
  accountId: unknown;
  seq: number;
  amount: number;
  balanceAfter: number;
  key: string;
}

interface Checks {
  confirmedWithPosting: number;
  lost: string[];
  doubled: string[];
  wrongAmount: string[];
  unconfirmedTookMoney: string[];
  pendingCard: string[];
  sumsOff: string[];
  /** Caches behind a sound ledger (a replica killed before its delayed cache write), brought forward by the audit. */
  cachesTrailing: string[];
  saleRecordsOff: string[];
  audit: LedgerAuditResult;
}

async function check(): Promise<Checks> {
  const accountsDb = await openDb('accounts');
  const checkoutDb = await openDb('checkout');
  const paymentsDb = await openDb('payments');
  try {
    const postings = await accountsDb.collection<PostingRow>('postings').find({}, { projection: { _id: 0, accountId: 1, seq: 1, amount: 1, balanceAfter: 1, key: 1 } }).toArray();
    const accounts = await accountsDb.collection('accounts').find({}, { projection: { name: 1, balance: 1, headSeq: 1 } }).toArray();
    const txs = await checkoutDb.collection('transactions').find({}, { projection: { nonce: 1, status: 1, method: 1, total: 1 } }).toArray();
    const cards = await paymentsDb.collection('cardtransactions').find({}, { projection: { transactionId: 1, status: 1, reportedAt: 1 } }).toArray();

    const byKey = new Map<string, PostingRow[]>();
    for (const p of postings) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
    const txByNonce = new Map<string, typeof txs>();
    for (const t of txs) txByNonce.set(String(t.nonce), [...(txByNonce.get(String(t.nonce)) ?? []), t]);

    const c: Omit<Checks, 'audit'> = { confirmedWithPosting: 0, lost: [], doubled: [], wrongAmount: [], unconfirmedTookMoney: [], pendingCard: [], sumsOff: [], cachesTrailing: [], saleRecordsOff: [] };
    const expectedKeys = new Set<string>();
    const expectOne = (sale: Sale, key: string, accountId: string, amount: number) => {
      expectedKeys.add(key);
      const found = byKey.get(key) ?? [];
      if (found.length === 0) c.lost.push(`${sale.kind} ${key} (${sale.phase})`);
      else if (found.length > 1) c.doubled.push(`${sale.kind} ${key}: ${found.length} postings`);
      else {
        c.confirmedWithPosting += 1;
        if (found[0]!.amount !== amount || String(found[0]!.accountId) !== accountId) {
          c.wrongAmount.push(`${key}: ${found[0]!.amount} on ${String(found[0]!.accountId)}, expected ${amount} on ${accountId}`);
        }
      }
    };

    for (const sale of sales) {
      const records = txByNonce.get(sale.nonce) ?? [];
      if (records.length > 1) c.doubled.push(`${sale.kind} sale ${sale.nonce}: ${records.length} transactions`);
      const record = records[0];
      if (sale.outcome === 'confirmed') {
        if (!record || record.status !== 'completed') c.lost.push(`${sale.kind} sale ${sale.nonce}: confirmed at the till, ${record ? record.status : 'no record'} in checkout`);
        if (sale.accountId) expectOne(sale, `checkout:${sale.nonce}`, sale.accountId, -sale.total!);
        if (sale.topup) expectOne(sale, `checkout:${sale.nonce}:topup`, sale.topup.accountId, sale.topup.amount);
      }
      if (record && record.method === 'card' && (record.status === 'pending' || record.status === 'initializing')) {
        c.pendingCard.push(`sale ${String(record._id)} (${sale.phase}) is ${record.status} in checkout`);
      }
    }
    for (const card of cards) {
      if (card.status === 'pending' || card.status === 'initializing') c.pendingCard.push(`card payment ${String(card.transactionId)} is ${card.status} in payments`);
      else if (!card.reportedAt) c.pendingCard.push(`card payment ${String(card.transactionId)} is ${card.status} but checkout was never told`);
    }
    // Money moved only for sales a till saw confirmed.
    for (const [key, list] of byKey) {
      if (!key.startsWith('checkout:') || expectedKeys.has(key)) continue;
      c.unconfirmedTookMoney.push(`${key}: ${list.map((p) => p.amount).join(', ')} cents`);
    }
    // A completed sale in checkout that no till saw confirmed (the till gave up, or was told otherwise).
    const saw = new Map(sales.map((x) => [x.nonce, x]));
    for (const t of txs) {
      const sale = saw.get(String(t.nonce));
      if (t.status === 'completed' && sale?.outcome !== 'confirmed' && sale?.outcome !== 'card-left-pending') {
        c.saleRecordsOff.push(`sale ${String(t._id)} is completed, the till saw ${sale?.outcome ?? 'nothing'}`);
      }
    }

    // Every account: seq 1..n without gaps, each balanceAfter follows, the head is the sum and the cache says the same.
    const trailing: { id: (typeof accounts)[number]['_id']; name: string; seq: number; balance: number }[] = [];
    const perAccount = new Map<string, PostingRow[]>();
    for (const p of postings) perAccount.set(String(p.accountId), [...(perAccount.get(String(p.accountId)) ?? []), p]);
    for (const a of accounts) {
      const list = (perAccount.get(String(a._id)) ?? []).sort((x, y) => x.seq - y.seq);
      let sum = 0;
      let ok = true;
      list.forEach((p, i) => {
        sum += p.amount;
        if (p.seq !== i + 1 || p.balanceAfter !== sum) ok = false;
      });
      const head = list.at(-1);
      if (!ok) c.sumsOff.push(`${a.name}: postings do not chain`);
      if ((head?.balanceAfter ?? 0) !== sum) c.sumsOff.push(`${a.name}: head ${head?.balanceAfter} but sum ${sum}`);
      if ((a.balance ?? 0) !== sum || (a.headSeq ?? 0) !== (head?.seq ?? 0)) {
        const cachedSeq = a.headSeq ?? 0;
        const what = `${a.name}: cached balance ${a.balance} (seq ${a.headSeq}), ledger ${sum} (seq ${head?.seq ?? 0})`;
        // The cache is written a second after a posting by the process that made it: a killed replica leaves it behind.
        if (ok && head && cachedSeq < head.seq && (cachedSeq === 0 ? 0 : list[cachedSeq - 1]!.balanceAfter) === (a.balance ?? 0)) {
          c.cachesTrailing.push(what);
          trailing.push({ id: a._id, name: a.name, seq: head.seq, balance: sum });
        } else {
          c.sumsOff.push(what);
        }
      }
    }

    // The audit as the worker runs it: it brings such caches forward (a cache behind a broken ledger stays a difference).
    const audit = await runLedgerAudit(accountsDb, { checkout: internalClient(system.serviceUrls.CHECKOUT_URL!, system.internalToken), graceMs: 0, repairCaches: true });
    for (const want of trailing) {
      const now = await accountsDb.collection('accounts').findOne({ _id: want.id }, { projection: { balance: 1, headSeq: 1 } });
      if (now?.headSeq !== want.seq || now?.balance !== want.balance) {
        c.sumsOff.push(`${want.name}: the audit did not bring its trailing cache forward (seq ${now?.headSeq}, ledger seq ${want.seq})`);
      }
    }
    return { ...c, audit };
  } finally {
    await Promise.all([accountsDb.close(), checkoutDb.close(), paymentsDb.close()]);
  }
}

// ---------------------------------------------------------------- the report
function report(figures: FaultFigures[], checks: Checks, startedAt: number, settleMs: number): { text: string; failed: boolean } {
  const inFault = (f: FaultFigures) => sales.filter((x) => x.phase === f.spec.name);
  const errorsIn = (f: FaultFigures) => errors.filter((e) => e.at >= f.killAt && e.at <= f.endAt);
  const retries = (list: Sale[]) => list.reduce((n, x) => n + Math.max(0, x.attempts - 1), 0);
  const count = (list: Sale[], o: Outcome) => list.filter((x) => x.outcome === o).length;
  const ms = (v: number | null) => (v === null ? '–' : `${(v / 1000).toFixed(1)} s`);

  const lines = [
    `# testing/probes/faults — ${new Date(startedAt).toISOString()}`,
    '',
    `Machine: ${process.env.BENCH_MACHINE ?? `${cpus().length} cores, Node ${process.version}`}, load average ${LOAD_AT_START.toFixed(2)} at the start of the run${LOAD_AT_START > cpus().length * 0.5 ? ' (busy: the machine is shared, so the timings in this report are not comparable; the counts and checks are)' : ''}. ${REPLICAS > 1 ? `Two of every service and worker (FAULTS_REPLICAS=${REPLICAS}), the gateway balancing over them; each fault stops one replica while the other serves. ` : ''}${TILLS} tills buying in a loop through the gateway (account with PIN as \`till\`, account without PIN as \`bar\`, cash, cash with a top-up, card, card with a top-up; prepaid accounts kept topped up, nearly empty prepaid accounts that run dry, credit accounts). Each fault: ${PHASE_MS / 1000} s of load, the target stopped (SIGKILL is a crash; SIGTERM a graceful stop), ${PHASE_MS / 1000} s down under load, restarted, ${PHASE_MS / 1000} s to recover. A till retries a sale without a definite answer (network error, 5xx, retry_later) with the same nonce until it has one; a card sale is watched ${CARD_WATCH_MS / 1000} s, then left to the payments worker. Own redis-server (append-only), own FerretDB (ports ${PORT}-${PORT + 6}) on a fresh database of an own PostgreSQL ${system.cluster?.version ?? '?'} cluster (initdb in a temporary folder, port ${system.cluster?.port ?? '?'}; the machine's shared PostgreSQL is not used).`,
    '',
    `Durability in force for FerretDB's sessions (read from a new session on the run's database): synchronous_commit=${system.durability?.synchronousCommit ?? '?'}, fsync=${system.durability?.fsync ?? '?'}${SYNC_OFF ? ' — this run uses the opt-out on purpose (FAULTS_SYNC_COMMIT=off), to show what a PostgreSQL crash loses without durable commits' : ''}. The PostgreSQL fault sends SIGKILL to the postmaster and, in the same instant, to every process it had (backends, WAL writer, checkpointer), so nothing flushes on its way out; the restart runs PostgreSQL's crash recovery from the WAL on disk.`,
    '',
    '## Per fault',
    '',
    '| fault | signal | sales started | confirmed | refused (no credit) | card left pending | retries | error answers | restart → ready | restart → first confirmed sale | card payments pending at worker restart → all resolved |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    const list = inFault(f);
    const card = f.cardPendingAtRestart === null ? '–' : `${f.cardPendingAtRestart} → ${ms(f.cardResolvedAfterMs)}`;
    lines.push(
      `| ${f.spec.name} | ${f.spec.signal} | ${list.length} | ${count(list, 'confirmed')} | ${count(list, 'refused')} | ${list.filter((x) => x.leftPending).length} | ${retries(list)} | ${errorsIn(f).length} | ${ms(f.readyAt - f.restartAt)} | ${ms(f.firstConfirmAfterRestartMs)} | ${card} |`,
    );
  }
  const leftPending = sales.filter((x) => x.leftPending);
  lines.push(
    '',
    '## What the till was told during the faults',
    '',
    'Every error answer a till got between the kill and the end of the recovery, by fault. Status 0 is a request that got no HTTP answer at all; "(no wrapper)" an answer the till could not read.',
    '',
  );
  for (const f of figures) {
    const grouped = new Map<string, number>();
    for (const e of errorsIn(f)) {
      const k = `${e.what} | ${e.status} | \`${e.identifier}\` | ${e.message.replace(/\|/g, '\\|')}`;
      grouped.set(k, (grouped.get(k) ?? 0) + 1);
    }
    lines.push(`### ${f.spec.name} (${f.spec.signal})`, '');
    if (grouped.size === 0) lines.push('No error answers: the tills did not notice.', '');
    else {
      lines.push('| request | status | identifier | message | count |', '|---|---|---|---|---|');
      for (const [k, n] of [...grouped].sort((a, b) => b[1] - a[1])) lines.push(`| ${k} | ${n} |`);
      lines.push('');
    }
  }

  const confirmed = sales.filter((x) => x.outcome === 'confirmed');
  const a = checks.audit;
  // The till can show and retry a wrapper answer that says what is wrong; a bare 500, an answer outside the wrapper or
  // no answer at all (the gateway itself never goes down here) is not a clear error.
  const unclear = errors.filter((e) => e.status === 0 || e.status === 500 || e.identifier === '(no wrapper)');
  const problems =
    checks.lost.length +
    checks.doubled.length +
    checks.wrongAmount.length +
    checks.unconfirmedTookMoney.length +
    checks.pendingCard.length +
    checks.sumsOff.length +
    checks.saleRecordsOff.length +
    a.differences.length +
    (a.incomplete ? 1 : 0) +
    unexpected.length +
    unclear.length +
    sales.filter((x) => x.outcome === 'unresolved').length +
    // With replicas a till must not notice a replica going: any error answer at all is a problem.
    (REPLICAS > 1 ? errors.length : 0);
  lines.push(
    '## Totals and checks (read straight from the databases after the run)',
    '',
    `- Sales started: ${sales.length}; confirmed at the till: ${confirmed.length} (account ${confirmed.filter((x) => x.accountId).length}, with a top-up ${confirmed.filter((x) => x.topup).length}, card ${confirmed.filter((x) => x.kind.startsWith('card')).length}); refused for insufficient credits: ${count(sales, 'refused')}; request retries: ${retries(sales)}; error answers seen: ${errors.length}.`,
    `- Card sales the till stopped watching while pending: ${leftPending.length}; finished afterwards through the gateway: ${leftPending.filter((x) => x.outcome === 'confirmed').length} (settle took ${ms(settleMs)}).`,
    `- Sales without a definite answer after ${GIVE_UP_MS / 1000} s of retrying: ${sales.filter((x) => x.outcome === 'unresolved').length}.`,
    `- Confirmed postings found exactly once: ${checks.confirmedWithPosting}.`,
    `- **Lost** (confirmed at the till, no posting or no completed sale): ${checks.lost.length}.`,
    `- **Doubled** (a key or nonce twice): ${checks.doubled.length}.`,
    `- Posting with another amount or account than the sale: ${checks.wrongAmount.length}.`,
    `- Money taken for a sale no till saw confirmed: ${checks.unconfirmedTookMoney.length}.`,
    `- Completed sales no till saw confirmed: ${checks.saleRecordsOff.length}.`,
    `- Card payments still pending or unreported: ${checks.pendingCard.length}.`,
    `- Accounts whose postings do not chain or sum to the head and cached balance: ${checks.sumsOff.length}.`,
    `- Balance caches a killed replica left behind a sound ledger (its delayed cache write; no debit or balance shown reads it), brought forward by the audit's repair: ${checks.cachesTrailing.length}${checks.cachesTrailing.length ? ` (${checks.cachesTrailing.join('; ')})` : ''}.`,
    `- Unexpected answers (a 4xx other than insufficient_credits, a failed card payment, a 200 that was not completed): ${unexpected.length}.`,
    `- Error answers that were not clear (no answer, outside the wrapper, or a bare 500): ${unclear.length}.`,
    ...(REPLICAS > 1 ? [`- Error answers any till saw while a replica was down (with replicas each one counts as a problem): ${errors.length}.`] : []),
    `- Ledger self-audit (runLedgerAudit as the worker runs it, repairing trailing caches; no grace period, every sale): ${a.accountsChecked} accounts, ${a.postingsChecked} postings, ${a.purchasesChecked} purchases checked; differences: ${a.differences.length}${a.incomplete ? `; INCOMPLETE: ${a.incomplete}` : ''}.`,
    '',
    problems === 0 ? '**Result: zero lost, zero doubled, nothing pending, the ledger sums to the balances.**' : `**Result: ${problems} problem(s), listed below.**`,
  );
  lines.push(
    '',
    '## Notes',
    '',
    '- "restart → ready" of a service is mostly Node with tsx starting up on a busy machine (the tills keep buying meanwhile); Redis and FerretDB come back in under a second and the services reconnect by themselves.',
    '- PostgreSQL: "restart → ready" is crash recovery plus the first query that reaches PostgreSQL through FerretDB; FerretDB itself keeps running and reconnects. A sale whose commit was under way at the kill gets an error, and the till sends it again with the same nonce.',
    '- While Redis is down, card sales cannot start: the local stand-in terminal keeps its state in Redis (the SEPay adapter does not). Account and cash sales go on; the live feed misses those sales (publishing never fails a sale).',
    '- While the payments worker is down nothing is visible at the till except card payments staying pending; on start the worker takes up every payment not yet reported to checkout. A poll job that was running at the moment of the kill stays locked until BullMQ\'s stalled-job check takes it back (lock 30 s, checked every 30 s), so such a payment can take up to about a minute after the restart; the others resolve within seconds.',
    '- The self-audit counts every account sale checkout recorded, refused ones included (they must have no posting).',
  );
  const detail = [
    ...checks.lost.map((x) => `lost: ${x}`),
    ...checks.doubled.map((x) => `doubled: ${x}`),
    ...checks.wrongAmount.map((x) => `wrong amount: ${x}`),
    ...checks.unconfirmedTookMoney.map((x) => `unconfirmed took money: ${x}`),
    ...checks.saleRecordsOff.map((x) => `sale record: ${x}`),
    ...checks.pendingCard.map((x) => `pending: ${x}`),
    ...checks.sumsOff.map((x) => `sums: ${x}`),
    ...unexpected.map((x) => `unexpected: ${x}`),
    ...unclear.map((e) => `unclear error (${e.phase}): ${e.what} ${e.status} ${e.identifier} ${e.message}`),
    ...(REPLICAS > 1 ? errors.map((e) => `error seen at a till (${e.phase}): ${e.what} ${e.status} ${e.identifier} ${e.message}`) : []),
    ...a.differences.map((d) => `audit: ${describeDifference(d)}`),
  ];
  if (detail.length > 0) lines.push('', ...detail.slice(0, 100).map((x) => `- ${x}`), ...(detail.length > 100 ? [`- … and ${detail.length - 100} more`] : []));
  return { text: lines.join('\n'), failed: problems > 0 };
}

// ---------------------------------------------------------------- main
async function login(username: string): Promise<string> {
  const res = await fetch(`${system.url}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: username }) });
  const json = (await res.json()) as { result: { access_token: string } };
  return json.result.access_token;
}

async function setup(): Promise<Setup> {
  const tillToken = await login('till');
  const barToken = await login('bar');
  const products = (await call('GET', '/api/products/', tillToken)).body!.result as { categories: { products: { id: string; price: number }[] }[] };
  const product = products.categories.flatMap((c) => c.products).filter((p) => p.price > 0).sort((x, y) => x.price - y.price)[0]!;
  const list = (await call('GET', '/api/accounts/', barToken)).body!.result as { accounts: { id: string; name: string; balance: number; directDebit: boolean; type: string }[] };
  const members = list.accounts.filter((x) => x.type === 'member');
  const prepaid = members.filter((x) => !x.directDebit && x.balance >= 1000).slice(0, 6);
  const credit = members.filter((x) => x.directDebit).slice(0, 4);
  const low = members.filter((x) => !x.directDebit && x.balance > 0 && x.balance < 500).slice(0, 3);
  return { till: tillToken, bar: barToken, product, prepaid, low, credit };
}

const startedAt = Date.now();
let failed = true;
try {
  await system.start();
  const s = await setup();
  log(`${TILLS} tills; product at ${s.product.price} cents; ${s.prepaid.length} prepaid, ${s.low.length} nearly empty and ${s.credit.length} credit accounts`);
  const tills = Array.from({ length: TILLS }, (_, i) => till(s, i));
  await sleep(PHASE_MS);
  const figures: FaultFigures[] = [];
  for (const spec of FAULTS) figures.push(await runFault(spec));
  phase = 'settle';
  loadRunning = false;
  log('faults done; waiting for the tills to finish their last sales');
  await Promise.all(tills);

  const settleStart = Date.now();
  // The worker reports outcomes with back-off (up to a minute after a long outage); then the tills finish what they left.
  const payments = await openDb('payments');
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && (await payments.collection('cardtransactions').countDocuments({ $or: [OPEN_CARD, { reportedAt: null }] })) > 0) await sleep(500);
  await payments.close();
  for (const sale of sales.filter((x) => x.outcome === 'card-left-pending')) {
    await finishCard(sale, sale.kind === 'card-topup' ? s.bar : s.till, 10_000);
  }
  // The balance cache is written about a second after the last posting.
  await sleep(3000);
  const settleMs = Date.now() - settleStart;

  const crashed = system.crashed();
  if (crashed.length > 0) unexpected.push(`processes that died by themselves: ${crashed.join(', ')}`);
  const checks = await check();
  const out = report(figures, checks, startedAt, settleMs);
  console.log(out.text);
  writeFileSync(join(import.meta.dirname, 'reports', SYNC_OFF ? 'faults-sync-off.md' : REPLICAS > 1 ? 'faults-replicas.md' : 'faults.md'), `${out.text}\n`);
  failed = out.failed;
} catch (err) {
  console.error(err);
} finally {
  loadRunning = false;
  await system.stop(failed || process.env.KEEP_LOGS === '1');
  if (failed) log(`logs kept in ${system.logDir}`);
}
process.exit(failed ? 1 : 0);
