import { AppError, connectMongo, createRedis, type InternalClient, internalClient, type ServiceApp } from '@kassa/service-kit';
import { claims, clearRedisPrefix, dropTestDatabase, testEnv } from '@kassa/service-kit/testing';
import type { Queue } from 'bullmq';
import { Types } from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AccountsTestApp, bearer, loginAs, postingModel, startAccountsTestApp, stopAccountsTestApp, userModel } from '@kassa/test-stack/accounts';
import { buildPaymentsApp } from '../../../app';
import { PaymentsEnv } from '../../../config';
import { StandinIdealProvider } from '../../standin-ideal-provider';
import { idealStatusProcessor, type IdealStatusData } from '../../jobs/ideal-status.job';
import { startIdealWorker } from '../../jobs/ideal-worker';
import { idealPaymentModel } from '../../models/ideal-payment.model';

/**
 * Online top-ups end to end on the services: the real accounts service and ledger (over HTTP), payments with the
 * stand-in bank, and the ideal-status worker, on FerretDB and Redis.
 */
// Two iDEAL workers on one queue, as with two replicas of the payments worker: every credit below must still happen once.
describe('online top-up (iDEAL) through the stand-in bank, with two workers', () => {
  const log = pino({ level: 'silent' });
  let accounts: AccountsTestApp;
  let env: PaymentsEnv;
  let app: ServiceApp;
  let paymentsUrl: string;
  let worker: Awaited<ReturnType<typeof startIdealWorker>>;
  let secondWorker: Awaited<ReturnType<typeof startIdealWorker>>;
  let member: string;
  let memberAccountId: string;
  /** Fails the next `n` ledger calls of the worker as if accounts were down. */
  let ledgerOutages = 0;

  beforeAll(async () => {
    ({ app: accounts } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    const accountsUrl = await accounts.listen({ port: 0, host: '127.0.0.1' });
    env = PaymentsEnv.parse(testEnv(inject('mongoUri'), { ACCOUNTS_URL: accountsUrl, PUBLIC_URL: 'http://kassa.example.org' }));
    const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_payments`);
    app = await buildPaymentsApp(env, db, {
      // The stand-in bank's callback, delivered to this app as it would be over HTTP.
      deliverWebhook: async (_url, id) => {
        const res = await app.inject({ method: 'POST', url: '/api/payments/webhook', payload: `id=${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}`);
      },
    });
    paymentsUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const ledger = internalClient(accountsUrl, env.INTERNAL_TOKEN);
    const flakyLedger: InternalClient = async (path, schema, opts) => {
      if (ledgerOutages > 0) {
        ledgerOutages -= 1;
        throw new AppError(503, 'service_unavailable', 'accounts is down');
      }
      return ledger(path, schema, opts);
    };
    worker = await startIdealWorker(env, db, log, { accounts: flakyLedger });
    secondWorker = await startIdealWorker(env, db, log, { accounts: flakyLedger });
    member = await loginAs(accounts, 'member');
    memberAccountId = String((await userModel(accounts.db).findOne({ username: 'member' }).lean())?.accountId);
  });
  afterAll(async () => {
    await worker.close();
    await secondWorker.close();
    await dropTestDatabase(app.db);
    await app.close();
    await stopAccountsTestApp(accounts);
    await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
  });

  // Payments trusts the accounts service's tokens: same secret.
  const auth = (token: string) => bearer(token);
  const balance = async () => (await accounts.inject({ method: 'GET', url: '/api/account/', headers: bearer(member) })).json().result.balance as number;
  const startTopUp = (amount: unknown, token = member) => app.inject({ method: 'POST', url: '/api/account/upgrade', headers: auth(token), payload: { amount } });
  const status = async (paymentId: string, token = member) =>
    (await app.inject({ method: 'GET', url: `/api/account/upgrade/${paymentId}`, headers: auth(token) })).json().result;
  const choose = (checkoutUrl: string, action: string) =>
    app.inject({ method: 'POST', url: checkoutUrl, payload: `action=${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const callbackOverHttp = (providerId: string) =>
    fetch(`${paymentsUrl}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${providerId}` });
  const idealPostings = (paymentId: string) => postingModel(accounts.db).find({ key: `ideal:${paymentId}` }).lean();
  /** Every queued status check has run (nothing waiting, running or delayed for a retry). */
  const drained = (queue: Queue<IdealStatusData>) =>
    expect.poll(async () => Object.values(await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')).reduce((a, b) => a + b, 0), { timeout: 20_000, interval: 50 }).toBe(0);

  it('credits € 10,00 exactly once although the bank calls back five times, three of them at once', async () => {
    const before = await balance();
    const res = await startTopUp(1000);
    expect(res.statusCode).toBe(200);
    const { paymentId, checkoutUrl } = res.json().result;
    expect(checkoutUrl).toBe(`/api/payments/standin/tr_standin_${paymentId}`);

    const page = await app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('€\u00a010,00');
    for (const label of ['Pay', 'Cancel', 'Let it expire']) expect(page.body).toContain(`>${label}</button>`);
    expect(await status(paymentId)).toMatchObject({ status: 'open', credited: false, amount: 1000 });

    const paid = await choose(checkoutUrl, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/account?payment=${paymentId}`);
    // The first callback came from the bank page; four more, three of them at the same moment.
    const providerId = `tr_standin_${paymentId}`;
    expect((await callbackOverHttp(providerId)).status).toBe(200);
    const together = await Promise.all([callbackOverHttp(providerId), callbackOverHttp(providerId), callbackOverHttp(providerId)]);
    expect(together.map((r) => r.status)).toEqual([200, 200, 200]);

    await expect.poll(async () => (await status(paymentId)).credited, { timeout: 20_000, interval: 50 }).toBe(true);
    await drained(worker.queue);
    expect(await balance()).toBe(before + 1000);
    const postings = await idealPostings(paymentId);
    expect(postings).toHaveLength(1);
    expect(postings[0]).toMatchObject({ amount: 1000, kind: 'ideal', description: 'Online top-up (iDEAL)', accountId: new Types.ObjectId(memberAccountId) });
    expect(await status(paymentId)).toMatchObject({ status: 'paid', credited: true });

    // The member's history shows it as the newest posting.
    const history = (await accounts.inject({ method: 'GET', url: '/api/account/transactions', headers: bearer(member) })).json().result;
    expect(history.items[0]).toMatchObject({ kind: 'ideal', amount: 1000, description: 'Online top-up (iDEAL)', balanceAfter: before + 1000 });

    // A second click on the bank page changes nothing.
    await choose(checkoutUrl, 'cancel');
    await drained(worker.queue);
    expect(await status(paymentId)).toMatchObject({ status: 'paid', credited: true });
    expect(await balance()).toBe(before + 1000);
  });

  it.each([
    ['cancel', 'cancelled'],
    ['expire', 'expired'],
  ])('credits nothing when the member chooses "%s" (%s)', async (action, outcome) => {
    const before = await balance();
    const { paymentId, checkoutUrl } = (await startTopUp(2500)).json().result;
    const res = await choose(checkoutUrl, action);
    expect(res.headers.location).toBe(`/account?payment=${paymentId}`);
    await callbackOverHttp(`tr_standin_${paymentId}`);
    await expect.poll(async () => (await status(paymentId)).status, { timeout: 20_000, interval: 50 }).toBe(outcome);
    await drained(worker.queue);
    expect(await status(paymentId)).toMatchObject({ status: outcome, credited: false, paidAt: null });
    expect(await idealPostings(paymentId)).toHaveLength(0);
    expect(await balance()).toBe(before);
  });

  it('credits once when five status checks of a paid payment run at the same moment', async () => {
    const before = await balance();
    const { paymentId } = (await startTopUp(1000)).json().result;
    const redis = createRedis(env.REDIS_URL, { forWorker: true });
    try {
      // Paid at the bank without a callback: the checks below are the only ones, all started together.
      await new StandinIdealProvider(redis, env.QUEUE_PREFIX).act(`tr_standin_${paymentId}`, 'pay');
      const check = idealStatusProcessor({ db: app.db, provider: new StandinIdealProvider(redis, env.QUEUE_PREFIX), accounts: internalClient(env.ACCOUNTS_URL, env.INTERNAL_TOKEN), log });
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => check({ data: { paymentId } })));
      expect(outcomes.every((o) => o === 'credited')).toBe(true);
    } finally {
      redis.disconnect();
    }
    expect(await idealPostings(paymentId)).toHaveLength(1);
    expect(await balance()).toBe(before + 1000);
    expect(await status(paymentId)).toMatchObject({ status: 'paid', credited: true });
  });

  it('credits a payment whose callback was lost, once the member waits on /account', async () => {
    const before = await balance();
    const { paymentId } = (await startTopUp(900)).json().result;
    const redis = createRedis(env.REDIS_URL, { forWorker: true });
    try {
      await new StandinIdealProvider(redis, env.QUEUE_PREFIX).act(`tr_standin_${paymentId}`, 'pay');
    } finally {
      redis.disconnect();
    }
    // No callback at all: the page's status questions alone bring the credit.
    await expect.poll(async () => (await status(paymentId)).credited, { timeout: 20_000, interval: 200 }).toBe(true);
    expect(await balance()).toBe(before + 900);
  });

  it('takes nothing from a callback but the id: a callback for an open payment credits nothing', async () => {
    const before = await balance();
    const { paymentId } = (await startTopUp(700)).json().result;
    await Promise.all(Array.from({ length: 5 }, () => callbackOverHttp(`tr_standin_${paymentId}`)));
    await drained(worker.queue);
    expect(await status(paymentId)).toMatchObject({ status: 'open', credited: false });
    expect(await balance()).toBe(before);
  });

  it('credits a paid top-up once the ledger is reachable again', async () => {
    const before = await balance();
    const { paymentId, checkoutUrl } = (await startTopUp(1500)).json().result;
    ledgerOutages = 2;
    await choose(checkoutUrl, 'pay');
    await expect.poll(async () => (await status(paymentId)).credited, { timeout: 30_000, interval: 100 }).toBe(true);
    expect(ledgerOutages).toBe(0);
    expect(await balance()).toBe(before + 1500);
  });

  it('refuses a top-up below the minimum, zero, or not a whole number of cents, with the readable line', async () => {
    const low = await startTopUp(499);
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({ errorIdentifier: 'amount_too_low', detail: [{ loc: ['body', 'amount'], msg: 'The minimum top-up is €\u00a05,00.', type: 'value_error' }] });
    const zero = await startTopUp(0);
    expect(zero.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'amount'], msg: 'Please enter a non-zero amount.' })]);
    expect((await startTopUp(10.5)).statusCode).toBe(422);
    expect((await startTopUp('ten')).statusCode).toBe(422);
    expect(await idealPaymentModel(app.db).countDocuments({ amount: { $in: [0, 499] } })).toBe(0);
  });

  it('answers no_linked_account to a user without an account and 401 without a token', async () => {
    const newbie = await loginAs(accounts, 'newbie');
    const res = await startTopUp(1000, newbie);
    expect(res.statusCode).toBe(404);
    expect(res.json().errorIdentifier).toBe('no_linked_account');
    expect((await app.inject({ method: 'POST', url: '/api/account/upgrade', payload: { amount: 1000 } })).statusCode).toBe(401);
  });

  it("keeps a member's payment from other members", async () => {
    const { paymentId } = (await startTopUp(600)).json().result;
    const other = app.signToken(claims({ sub: new Types.ObjectId().toHexString(), capabilities: ['PAYMENT_ACCOUNT_SELF'] }));
    const res = await app.inject({ method: 'GET', url: `/api/account/upgrade/${paymentId}`, headers: bearer(other) });
    expect(res.statusCode).toBe(404);
  });

  it('answers 200 to a callback for an unknown payment and 422 to one without an id', async () => {
    expect((await callbackOverHttp('tr_nonexistent')).status).toBe(200);
    const empty = await fetch(`${paymentsUrl}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(empty.status).toBe(422);
  });

  it('lists the payments for admins only, filtered by status', async () => {
    const admin = await loginAs(accounts, 'admin');
    const list = async (query: string, token = admin) => app.inject({ method: 'GET', url: `/api/admin/ideal/${query}`, headers: auth(token) });
    expect((await list('', member)).statusCode).toBe(403);
    const all = (await list('?perPage=50')).json().result;
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.items[0]).toMatchObject({ provider: 'standin', username: 'member', accountName: 'Marit de Member', accountId: memberAccountId });
    const paid = (await list('?status=paid')).json().result;
    expect(paid.items.length).toBe(4);
    expect(paid.items.every((p: { status: string; creditedAt: string | null }) => p.status === 'paid' && p.creditedAt !== null)).toBe(true);
    expect((await list('?status=cancelled')).json().result.items).toHaveLength(1);
  });

  it('shows the stand-in bank only its own payments', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/payments/standin/tr_standin_unknown' });
    expect(unknown.body).toContain('Unknown payment');
    expect((await choose('/api/payments/standin/tr_standin_unknown', 'pay')).statusCode).toBe(404);
  });
});
