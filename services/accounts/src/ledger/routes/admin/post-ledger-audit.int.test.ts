import type { Capability, LedgerAuditLatest, LedgerAuditRequested } from '@kassa/contracts';
import { createQueue, createRedis } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loginAs } from '../../../testing/accounts-test-app';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { startAccountsWorker } from '../../jobs/accounts-worker';
import { LEDGER_AUDIT_QUEUE } from '../../jobs/ledger-audit.job';
import { auditRunModel } from '../../models/audit-run.model';
import { clearRedisPrefix } from '@kassa/service-kit/testing';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];

describe('POST /api/admin/ledger_audit ("Run audit now")', () => {
  let s: CheckoutStack;
  let worker: Awaited<ReturnType<typeof startAccountsWorker>> | null = null;
  let admin = '';
  const runNow = (token: string | null = admin) =>
    s.accounts.inject({ method: 'POST', url: '/api/admin/ledger_audit', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const env = () => s.accounts.accounts.env;

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
    admin = await loginAs(s.accounts, 'admin');
    const account = await s.createAccount('Audit Gast', 2000);
    const sale = await s.pay('account', { nonce: randomUUID(), products: [{ id: s.products[0]!.id, amount: 1 }], account_id: account }, BAR);
    expect(sale.statusCode).toBe(200);
    // The worker judges everything at once (no grace), so the balance cache writes must have landed.
    await s.accounts.accounts.ledger.settled();
  });
  afterAll(async () => {
    await worker?.close();
    await clearRedisPrefix(env().REDIS_URL, env().QUEUE_PREFIX);
    await s.close();
  });

  it('is for administrators only', async () => {
    expect((await runNow(null)).statusCode).toBe(401);
    const bar = await runNow(await loginAs(s.accounts, 'bar'));
    expect(bar.statusCode).toBe(403);
    expect(bar.json().errorIdentifier).toBe('insufficient_permissions');
  });

  it('queues one run, however often it is asked, and says so at once while no worker is running', async () => {
    const first = await runNow();
    const again = await runNow();
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(202);
      expect(res.json().result).toEqual({ run: null, requestedAt: expect.any(String), workerOnline: false });
    }
    const redis = createRedis(env().REDIS_URL);
    const queue = createQueue(LEDGER_AUDIT_QUEUE, redis, env().QUEUE_PREFIX);
    try {
      const waiting = await queue.getJobs(['waiting', 'prioritized']);
      expect(waiting.map((j) => j.data)).toEqual([{ trigger: 'admin' }]);
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });

  it('has the worker audit the ledger and answers the run, which is then the latest on the dashboard', async () => {
    const checkoutUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    worker = await startAccountsWorker({ ...env(), CHECKOUT_URL: checkoutUrl }, s.accountsDb, pino({ level: 'silent' }), { graceMs: 0 });
    await worker.worker.waitUntilReady();

    const res = await runNow();
    expect(res.statusCode).toBe(200);
    const { run, requestedAt, workerOnline } = res.json().result as LedgerAuditRequested;
    expect(workerOnline).toBe(true);
    expect(run).toMatchObject({ trigger: 'admin', differenceCount: 0, differences: [], incomplete: null, purchasesChecked: 1 });
    expect(run!.accountsChecked).toBeGreaterThan(1);
    expect(Date.parse(run!.finishedAt)).toBeGreaterThanOrEqual(Date.parse(requestedAt));
    expect(await auditRunModel(s.accountsDb).countDocuments({ _id: run!.id, trigger: 'admin' })).toBe(1);

    // The hourly run queued at worker start may finish after this one; either is a run made after the request.
    const latest = await s.accounts.inject({ method: 'GET', url: '/api/admin/ledger_audit', headers: { authorization: `Bearer ${admin}` } });
    const shown = (latest.json().result as LedgerAuditLatest).latest!;
    expect(Date.parse(shown.finishedAt)).toBeGreaterThanOrEqual(Date.parse(run!.finishedAt));
  });

  it('lets two administrators who click at once share one run', async () => {
    const [a, b] = await Promise.all([runNow(), runNow()]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect((b.json().result as LedgerAuditRequested).run!.id).toBe((a.json().result as LedgerAuditRequested).run!.id);
  });
});
