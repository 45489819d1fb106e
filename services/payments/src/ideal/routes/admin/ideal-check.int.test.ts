import { connectMongo, createRedis, type ServiceApp } from '@kassa/service-kit';
import { clearRedisPrefix, dropTestDatabase, testEnv } from '@kassa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AccountsTestApp, bearer, loginAs, postingModel, startAccountsTestApp, stopAccountsTestApp, userModel } from '@kassa/test-stack/accounts';
import { buildPaymentsApp } from '../../../app';
import { PaymentsEnv } from '../../../config';
import { StandinIdealProvider } from '../../standin-ideal-provider';
import { idealPaymentModel } from '../../models/ideal-payment.model';

/**
 * "Check again" on /admin/ideal for a top-up whose callback never came, on the real accounts service (ledger and audit
 * log over HTTP) and payments with the stand-in bank, on FerretDB and Redis. No worker runs: nothing but the check
 * can credit the payments here.
 */
describe('checking an iDEAL payment again (POST /api/admin/ideal/{id}/check/)', () => {
  let accounts: AccountsTestApp;
  let env: PaymentsEnv;
  let app: ServiceApp;
  let member: string;
  let admin: string;
  let memberAccountId: string;
  const callbacks: string[] = [];

  beforeAll(async () => {
    ({ app: accounts } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    const accountsUrl = await accounts.listen({ port: 0, host: '127.0.0.1' });
    env = PaymentsEnv.parse(testEnv(inject('mongoUri'), { ACCOUNTS_URL: accountsUrl }));
    const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_payments`);
    app = await buildPaymentsApp(env, db, {
      // A callback the stand-in sends is only noted: the test is about payments whose callback never came.
      deliverWebhook: async (_url, id) => void callbacks.push(id),
    });
    member = await loginAs(accounts, 'member');
    admin = await loginAs(accounts, 'admin');
    memberAccountId = String((await userModel(accounts.db).findOne({ username: 'member' }).lean())?.accountId);
  });
  afterAll(async () => {
    await dropTestDatabase(app.db);
    await app.close();
    await stopAccountsTestApp(accounts);
    await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
  });

  const balance = async () => (await accounts.inject({ method: 'GET', url: '/api/account/', headers: bearer(member) })).json().result.balance as number;
  const startTopUp = async (amount: number) => (await app.inject({ method: 'POST', url: '/api/account/upgrade', headers: bearer(member), payload: { amount } })).json().result as { paymentId: string; checkoutUrl: string };
  const choose = (checkoutUrl: string, action: string) =>
    app.inject({ method: 'POST', url: checkoutUrl, payload: `action=${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const check = (id: string, token = admin) => app.inject({ method: 'POST', url: `/api/admin/ideal/${id}/check/`, headers: bearer(token) });
  const idealPostings = (paymentId: string) => postingModel(accounts.db).find({ key: `ideal:${paymentId}` }).lean();
  const auditEntries = async (paymentId: string) =>
    (await accounts.inject({ method: 'GET', url: `/api/admin/audit_logs?entityId=${paymentId}`, headers: bearer(admin) })).json().result.items as {
      action: string;
      actor: { username: string };
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      service: string;
    }[];

  it('credits a top-up paid at the bank without a callback once, although the treasurer checks five times at once', async () => {
    const before = await balance();
    const { paymentId, checkoutUrl } = await startTopUp(1250);
    const page = await choose(checkoutUrl, 'pay_without_callback');
    // The member stays on the bank's page; Kassa hears nothing.
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This payment has been paid.');
    expect(callbacks).not.toContain(`tr_standin_${paymentId}`);
    expect(await idealPaymentModel(app.db).findById(paymentId).lean()).toMatchObject({ status: 'open', creditedAt: null });

    const answers = await Promise.all(Array.from({ length: 5 }, () => check(paymentId)));
    // A failure says what each answer was (a 503 names the storage that was away).
    expect(answers.map((r) => r.statusCode), answers.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 200, 200]);
    for (const res of answers) {
      expect(res.json().result).toMatchObject({ outcome: 'credited', payment: { id: paymentId, status: 'paid', accountId: memberAccountId, amount: 1250, error: null } });
      expect(res.json().result.payment.creditedAt).not.toBeNull();
    }
    expect(await idealPostings(paymentId)).toHaveLength(1);
    expect(await balance()).toBe(before + 1250);

    // One audit entry: who, the payment before (open, not credited) and after (paid, credited).
    const entries = await auditEntries(paymentId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'ideal_payment.credit',
      actor: { username: 'admin' },
      service: 'payments',
      before: { id: paymentId, status: 'open', credited: false, creditedAt: null, amount: 1250 },
      after: { id: paymentId, status: 'paid', credited: true, amount: 1250 },
    });

    // Once credited, a later check changes nothing and says so.
    const again = await check(paymentId);
    expect(again.json().result.outcome).toBe('already_credited');
    expect(await idealPostings(paymentId)).toHaveLength(1);
    expect(await balance()).toBe(before + 1250);
    expect(await auditEntries(paymentId)).toHaveLength(1);
  });

  it('does nothing for a payment still open at the bank', async () => {
    const before = await balance();
    const { paymentId } = await startTopUp(800);
    const res = await check(paymentId);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ outcome: 'still_open', payment: { status: 'open', creditedAt: null } });
    expect(await idealPostings(paymentId)).toHaveLength(0);
    expect(await auditEntries(paymentId)).toHaveLength(0);
    expect(await balance()).toBe(before);
  });

  it('refuses to check a cancelled or failed payment (409), crediting nothing', async () => {
    const before = await balance();
    const { paymentId, checkoutUrl } = await startTopUp(900);
    await choose(checkoutUrl, 'cancel');
    // The callback was delivered; the worker's job would set the status. Here the check itself learns it once.
    const closed = await check(paymentId);
    expect(closed.json().result).toMatchObject({ outcome: 'closed', payment: { status: 'cancelled', creditedAt: null } });
    expect((await auditEntries(paymentId)).map((e) => e.action)).toEqual(['ideal_payment.close']);
    const res = await check(paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: true, errorIdentifier: 'conflict', errorMessage: expect.stringContaining('cancelled') });

    const failed = await startTopUp(700);
    await idealPaymentModel(app.db).updateOne({ _id: failed.paymentId }, { $set: { status: 'failed', error: 'The bank refused it.' } });
    const refused = await check(failed.paymentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toContain('failed');
    expect(await idealPostings(paymentId)).toHaveLength(0);
    expect(await idealPostings(failed.paymentId)).toHaveLength(0);
    expect(await balance()).toBe(before);
  });

  it('refuses a payment whose amount at the bank differs, keeping the reason for the treasurer', async () => {
    const { paymentId } = await startTopUp(1000);
    const redis = createRedis(env.REDIS_URL, { forWorker: true });
    try {
      const bank = new StandinIdealProvider(redis, env.QUEUE_PREFIX);
      await bank.act(`tr_standin_${paymentId}`, 'pay');
      // The bank's record says € 1,00 (a forged or broken provider answer).
      const key = `${env.QUEUE_PREFIX}:ideal:standin:tr_standin_${paymentId}`;
      await redis.set(key, JSON.stringify({ ...JSON.parse((await redis.get(key))!), amount: 100 }));
    } finally {
      redis.disconnect();
    }
    const res = await check(paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toContain('€\u00a01,00 instead of €\u00a010,00');
    expect(await idealPostings(paymentId)).toHaveLength(0);
    expect((await idealPaymentModel(app.db).findById(paymentId).lean())?.error).toContain('100 cents instead of 1000');
  });

  it('answers 404 for an unknown payment, 403 to a member and 401 without a token', async () => {
    expect((await check('0123456789abcdef01234567')).statusCode).toBe(404);
    const { paymentId } = await startTopUp(600);
    expect((await check(paymentId, member)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/admin/ideal/${paymentId}/check/` })).statusCode).toBe(401);
    expect((await check('not-an-id')).statusCode).toBe(422);
  });

  it('lists the payments of one account and one status, 15 a page', async () => {
    const list = async (query: string) => (await app.inject({ method: 'GET', url: `/api/admin/ideal/${query}`, headers: bearer(admin) })).json().result;
    const mine = await list(`?account=${memberAccountId}`);
    expect(mine.total).toBeGreaterThanOrEqual(6);
    expect(mine.items.every((p: { accountId: string }) => p.accountId === memberAccountId)).toBe(true);
    expect((await list('?account=0123456789abcdef01234567')).total).toBe(0);
    const open = await list(`?account=${memberAccountId}&status=open`);
    expect(open.items.length).toBeGreaterThan(0);
    expect(open.items.every((p: { status: string }) => p.status === 'open')).toBe(true);
    // The whole list walks the register of days: every payment once, newest first, also per status.
    const Payment = idealPaymentModel(app.db);
    const everything = await list('?perPage=200');
    expect(everything.total).toBe(await Payment.countDocuments({}));
    expect(everything.items.map((p: { id: string }) => p.id)).toEqual((await Payment.find({}).sort({ createdAt: -1 }).lean()).map((p) => String(p._id)));
    const allOpen = await list('?status=open');
    expect(allOpen.total).toBe(await Payment.countDocuments({ status: 'open' }));
    expect(allOpen.items.every((p: { status: string }) => p.status === 'open')).toBe(true);
    const firstTwo = await list('?perPage=2&page=1');
    const nextTwo = await list('?perPage=2&page=2');
    expect([...firstTwo.items, ...nextTwo.items].map((p: { id: string }) => p.id)).toEqual(everything.items.slice(0, 4).map((p: { id: string }) => p.id));
    // A page past the end is empty with the real page count; the page moves back to the last one.
    const past = await list('?page=99');
    expect(past).toMatchObject({ items: [], pageCount: Math.ceil(everything.total / 15) });
  });
});
