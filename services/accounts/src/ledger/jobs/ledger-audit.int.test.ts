import type { Capability, LedgerAuditDifference, LedgerAuditLatest } from '@kassa/contracts';
import { createRedis, internalClient, type InternalClient } from '@kassa/service-kit';
import { QueueEvents } from 'bullmq';
import { Types } from 'mongoose';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '@kassa/test-stack/checkout';
import { loginAs } from '../../testing/accounts-test-app';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { recordAuditRun } from '../audit-runs';
import { describeDifference, runLedgerAudit } from '../ledger-audit';
import { accountModel } from '../models/account.model';
import { auditLogModel } from '../models/audit-log.model';
import { postingModel } from '../models/posting.model';
import { startAccountsWorker } from './accounts-worker';
import { LEDGER_AUDIT_QUEUE, LEDGER_AUDIT_SCHEDULER } from './ledger-audit.job';
import { clearRedisPrefix } from '@kassa/service-kit/testing';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];
const TILL: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_UNDO'];

describe('the ledger self-audit', () => {
  let s: CheckoutStack;
  let checkout: InternalClient;
  let checkoutUrl: string;
  const log = pino({ level: 'silent' });

  const sell = async (method: string, body: object, caps = BAR) => {
    const nonce = randomUUID();
    const res = await s.pay(method, { nonce, ...body }, caps);
    return { nonce, res, id: res.json().result?.transaction_id as string | undefined };
  };
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  /** Every sale and posting is judged at once (no grace), after the ledger's cache writes have landed. */
  const audit = async () => {
    await s.accounts.accounts.ledger.settled();
    return runLedgerAudit(s.accountsDb, { checkout, graceMs: 0 });
  };
  const latest = async () => {
    const res = await s.accounts.inject({
      method: 'GET',
      url: '/api/admin/ledger_audit',
      headers: { authorization: `Bearer ${await loginAs(s.accounts, 'admin')}` },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().result as LedgerAuditLatest).latest;
  };

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
    checkoutUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    checkout = internalClient(checkoutUrl, s.env.INTERNAL_TOKEN);

    // A normal evening: account sales, one undone, a cash top-up, a refused PIN, cash and other sales.
    const regular = await s.createAccount('Gewone Gast', 6000);
    const topped = await s.createAccount('Nieuw Lid', 0);
    await sell('account', { products: [line(1, 2)], account_id: regular });
    const undone = await sell('account', { products: [line(2)], account_id: regular });
    await s.app.inject({ method: 'POST', url: `/api/transactions/${undone.id}/undo/`, headers: { authorization: s.token(BAR) } });
    await sell('cash', { products: [line(0)], upgrade_account_id: topped, upgrade_amount: 1500 });
    await sell('account', { products: [line(3)], account_id: topped });
    const refused = await sell('account', { products: [line(1)], account_id: regular, pin: '0000' }, TILL);
    expect(refused.res.json().errorIdentifier).toBe('invalid_account_pin');
    await sell('other', { products: [line(4)], reason: 'Sponsor' });
  });
  afterAll(async () => {
    await s.close();
  });

  it('finds no difference in a ledger that only the services wrote', async () => {
    const result = await audit();
    expect(result.differences).toEqual([]);
    expect(result.incomplete).toBeNull();
    expect(result.accountsChecked).toBe(await accountModel(s.accountsDb).countDocuments());
    expect(result.postingsChecked).toBe(await postingModel(s.accountsDb).countDocuments());
    expect(result.purchasesChecked).toBe(5);

    await recordAuditRun(s.accountsDb, result, 'command');
    expect(await latest()).toMatchObject({ trigger: 'command', differenceCount: 0, differences: [], purchasesChecked: 5, purchasesSince: null });
  });

  it('runs hourly in the worker and stores each run as the latest', async () => {
    const env = { ...s.accounts.accounts.env, CHECKOUT_URL: checkoutUrl };
    const worker = await startAccountsWorker(env, s.accountsDb, log, { graceMs: 0 });
    const eventsRedis = createRedis(env.REDIS_URL, { forWorker: true });
    const events = new QueueEvents(LEDGER_AUDIT_QUEUE, { connection: eventsRedis, prefix: env.QUEUE_PREFIX });
    try {
      const schedulers = await worker.queue.getJobSchedulers();
      expect(schedulers).toEqual([expect.objectContaining({ key: LEDGER_AUDIT_SCHEDULER, every: 3600_000 })]);
      await events.waitUntilReady();
      const job = await worker.queue.add('ledger-audit', { trigger: 'schedule' });
      expect(await job.waitUntilFinished(events)).toMatchObject({ differences: 0 });
      expect(await latest()).toMatchObject({ trigger: 'schedule', differenceCount: 0, accountsChecked: expect.any(Number) });
    } finally {
      await events.close();
      eventsRedis.disconnect();
      await worker.close();
      await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
    }
  });

  it('reports a tampered posting, an off cache, a sale without its posting and money moved without a sale', async () => {
    const Posting = postingModel(s.accountsDb);
    const Tx = transactionModel(s.app.db);

    // A posting in the middle of an account's ledger gets another balanceAfter.
    const tampered = await s.createAccount('Geknoeid Saldo', 4000);
    const first = await sell('account', { products: [line(1)], account_id: tampered });
    await sell('account', { products: [line(2)], account_id: tampered });
    await Posting.collection.updateOne({ key: `checkout:${first.nonce}` }, { $inc: { balanceAfter: 100 } });

    // The balance cached on an account no longer matches its ledger.
    const cached = await s.createAccount('Verkeerde Cache', 2500);
    await s.accounts.accounts.ledger.settled();
    await accountModel(s.accountsDb).updateOne({ _id: new Types.ObjectId(cached) }, { $inc: { balance: 250 } });

    // Checkout says a sale was paid from an account, but the ledger never took the money.
    const ghostNonce = randomUUID();
    await Tx.create({
      nonce: ghostNonce,
      payloadHash: 'x',
      method: 'account',
      paymentMethod: 'account_payment',
      status: 'completed',
      products: [],
      total: 450,
      accountId: cached,
      userId: 'u1',
      username: 'till',
      day: '2026-03-14',
    });

    // Money taken under a checkout key that no sale has.
    const orphanKey = `checkout:${randomUUID()}`;
    const orphan = await s.createAccount('Wees Posting', 1000);
    const posted = await s.accounts.inject({
      method: 'POST',
      url: '/internal/ledger/postings',
      headers: { 'x-internal-token': s.env.INTERNAL_TOKEN },
      payload: { target: { accountId: orphan }, amount: -300, key: orphanKey, kind: 'purchase', ref: 'nowhere' },
    });
    expect(posted.statusCode).toBe(200);

    // A sale that took money but ended cancelled: money taken without a confirmed sale.
    const cancelledAccount = await s.createAccount('Afgebroken Verkoop', 1000);
    const cancelled = await sell('account', { products: [line(1)], account_id: cancelledAccount });
    await Tx.updateOne({ nonce: cancelled.nonce }, { $set: { status: 'cancelled' } });

    const result = await audit();
    const found = (kind: LedgerAuditDifference['kind'], accountId: string | null) => result.differences.filter((d) => d.kind === kind && d.accountId === accountId);

    const broken = found('posting_balance', tampered);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatchObject({ ref: `checkout:${first.nonce}`, accountName: 'Geknoeid Saldo', expected: 4000 - s.products[1]!.price, actual: 4100 - s.products[1]!.price });
    expect(found('balance_cache', cached)).toEqual([
      expect.objectContaining({ accountName: 'Verkeerde Cache', expected: 2500, actual: 2750, message: "The account's cached balance is € 27.50, but the ledger says € 25.00." }),
    ]);
    expect(found('sale_without_posting', cached)).toEqual([expect.objectContaining({ ref: `checkout:${ghostNonce}`, expected: -450, actual: null })]);
    expect(found('posting_without_sale', orphan)).toEqual([expect.objectContaining({ ref: orphanKey, actual: -300 })]);
    expect(found('posting_without_sale', cancelledAccount)).toEqual([
      expect.objectContaining({ ref: `checkout:${cancelled.nonce}`, message: expect.stringContaining('which is cancelled, not completed') }),
    ]);
    // Nothing else: the accounts and sales nobody touched are still in order.
    expect(result.differences).toHaveLength(5);

    // Each difference goes to the audit log once, not again on every run while it stays.
    await recordAuditRun(s.accountsDb, result, 'schedule');
    await recordAuditRun(s.accountsDb, await audit(), 'schedule');
    const logged = await auditLogModel(s.accountsDb).find({ action: 'ledger_audit.difference' }).lean();
    expect(logged).toHaveLength(5);
    expect(logged.map((e) => e.entityId).sort()).toEqual([tampered, cached, cached, orphan, cancelledAccount].sort());
    expect(logged.find((e) => e.entityId === orphan)).toMatchObject({ who: { userId: null, username: 'ledger-audit' }, entityType: 'account' });
    expect(await latest()).toMatchObject({ differenceCount: 5, incomplete: null });
  });

  it('brings forward a balance cache a killed process left behind a sound ledger, only when asked, and never backwards', async () => {
    const behind = await s.createAccount('Achterlopende Cache', 3000);
    await sell('account', { products: [line(1)], account_id: behind });
    await sell('account', { products: [line(2)], account_id: behind });
    await s.accounts.accounts.ledger.settled();
    const Account = accountModel(s.accountsDb);
    const id = new Types.ObjectId(behind);
    const head = (await Account.findById(id, { balance: 1, headSeq: 1 }).lean())!;
    // As a process killed before its delayed cache write: the cache still says the head before the last posting.
    const before = (await postingModel(s.accountsDb).findOne({ accountId: id, seq: head.headSeq! - 1 }).lean())!;
    await Account.updateOne({ _id: id }, { $set: { balance: before.balanceAfter, headSeq: before.seq } });

    const read = await runLedgerAudit(s.accountsDb, { checkout, graceMs: 0 });
    expect(read.differences.filter((d) => d.accountId === behind)).toEqual([
      expect.objectContaining({ kind: 'balance_cache', expected: head.balance, actual: before.balanceAfter, message: expect.stringContaining('1 posting(s) behind') }),
    ]);
    expect(read.cachesBroughtForward).toEqual([]);
    // On one line, as the command and the benches print it.
    expect(read.differences.filter((d) => d.accountId === behind).map(describeDifference)).toEqual([
      expect.stringMatching(/^\[balance_cache\] Achterlopende Cache: The account's cached balance € [\d.,]+ is 1 posting\(s\) behind the ledger/),
    ]);
    expect(await Account.findById(id, { balance: 1, headSeq: 1 }).lean()).toMatchObject({ balance: before.balanceAfter, headSeq: before.seq });

    const repaired = await runLedgerAudit(s.accountsDb, { checkout, graceMs: 0, repairCaches: true });
    expect(repaired.differences.filter((d) => d.accountId === behind)).toEqual([]);
    expect(repaired.cachesBroughtForward).toContain('Achterlopende Cache');
    expect(await Account.findById(id, { balance: 1, headSeq: 1 }).lean()).toMatchObject({ balance: head.balance, headSeq: head.headSeq });
    // A cache that is current is left alone: the next run has nothing to bring forward for it.
    expect((await runLedgerAudit(s.accountsDb, { checkout, graceMs: 0, repairCaches: true })).cachesBroughtForward).not.toContain('Achterlopende Cache');
  });

  it('still checks the balances when checkout does not answer, and says the run is incomplete', async () => {
    const result = await runLedgerAudit(s.accountsDb, { checkout: internalClient('http://127.0.0.1:9', s.env.INTERNAL_TOKEN), graceMs: 0 });
    expect(result.incomplete).toMatch(/^Purchases were not checked: checkout did not answer/);
    expect(result.purchasesChecked).toBe(0);
    expect(result.differences.map((d) => d.kind).sort()).toEqual(['balance_cache', 'posting_balance']);
  });
});
