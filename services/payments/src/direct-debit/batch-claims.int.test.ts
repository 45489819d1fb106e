import { nextBusinessDay } from '@kassa/contracts';
import { connectMongo, localDay, type ServiceApp } from '@kassa/service-kit';
import { clearRedisPrefix, dropTestDatabase, testEnv } from '@kassa/service-kit/testing';
import { type AccountsTestApp, bearer, loginAs, postingModel, startAccountsTestApp, stopAccountsTestApp } from '@kassa/test-stack/accounts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPaymentsApp } from '../app';
import { PaymentsEnv } from '../config';
import { directDebitFileProcessor } from './jobs/direct-debit-file.job';

const ROUNDS = 12;
/** Checkout's answer to which debts an invoice bills (a batch leaves them out): none in these races. */
const noInvoices = async <T,>(_path: string, schema: { parse: (v: unknown) => T }) => schema.parse({ accounts: [] });
const DAY = 24 * 60 * 60 * 1000;

/** Issue 45 §1: a batch marked collected and cancelled at the same moment, on two payments replicas, in both orders. */
describe('direct-debit batch collected and cancelled at once', () => {
  const log = pino({ level: 'silent' });
  let accounts: AccountsTestApp;
  let env: PaymentsEnv;
  let apps: ServiceApp[];
  let admin: string;
  /** Prepares each batch's collection, so admin's call approves it (four eyes). */
  let admin2: string;
  let clock = new Date();

  beforeAll(async () => {
    ({ app: accounts } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    const accountsUrl = await accounts.listen({ port: 0, host: '127.0.0.1' });
    env = PaymentsEnv.parse(testEnv(inject('mongoUri'), { ACCOUNTS_URL: accountsUrl }));
    const dbName = `${env.MONGODB_DB_PREFIX}_payments`;
    apps = [await buildPaymentsApp(env, await connectMongo(env.MONGODB_URI, dbName), { now: () => new Date(clock), checkout: noInvoices })];
    apps.push(await buildPaymentsApp(env, await connectMongo(env.MONGODB_URI, dbName), { now: () => new Date(clock), checkout: noInvoices }));
    admin = await loginAs(accounts, 'admin');
    admin2 = await loginAs(accounts, 'admin2');
    const settings = await accounts.inject({
      method: 'PUT',
      url: '/api/admin/settings/',
      headers: bearer(admin),
      payload: { creditorName: 'Studievereniging Zoë', creditorIban: 'NL91ABNA0417164300', creditorBic: 'ABNANL2A', creditorId: 'NL28ZZZ401234560000', prenotificationDays: 1 },
    });
    expect(settings.statusCode).toBe(200);
  });
  afterAll(async () => {
    await dropTestDatabase(apps[0]!.db);
    for (const app of apps) await app.close();
    await stopAccountsTestApp(accounts);
    await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
  });

  const call = (replica: number, method: 'GET' | 'POST', url: string, payload?: object) => apps[replica]!.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const owing = async (name: string, owes: number) => {
    const made = await accounts.inject({ method: 'POST', url: '/api/admin/accounts/', headers: bearer(admin), payload: { name, creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', mandateId: `M-${name.replace(/ /g, '-')}`, mandateSignedAt: '2025-09-01' } });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().result.id as string;
    const booked = await accounts.inject({ method: 'POST', url: `/api/admin/accounts/${id}/upgrade/`, headers: bearer(admin), payload: { amount: -owes, method: 'correction', reason: 'test: owes money', nonce: `race-${id}` } });
    expect(booked.statusCode).toBe(200);
  };

  it('credits the debtors only when the batch ends collected, and the loser gets 409', async () => {
    const wrong: string[] = [];
    const outcomes: string[] = [];
    // ROUNDS races, then one round each way in turn: which side wins a race depends on the machine's timing, so the
    // last two make sure both outcomes are checked, however busy the machine (a race alone once saw only one side).
    for (let round = 0; round < ROUNDS + 2; round++) {
      await owing(`Racer ${round}`, 500 + round);
      const today = localDay(clock, 'Europe/Amsterdam');
      const collectionDate = nextBusinessDay(today);
      const made = await call(0, 'POST', '/api/admin/direct_debit/', { collectionDate, cutoff: today });
      expect(made.statusCode, made.body).toBe(200);
      const batch = made.json().result as { id: string };
      expect(await directDebitFileProcessor({ db: apps[0]!.db, log })({ data: { batchId: batch.id } })).toBe('ready');
      const debtors = ((await call(0, 'GET', `/api/admin/direct_debit/${batch.id}/?perPage=50`)).json().result.debits.items as { accountId: string }[]).map((d) => d.accountId);

      // A batch is marked collected on its collection date at the earliest: the race is run on that day.
      clock = new Date(`${collectionDate}T10:00:00Z`);
      const prepared = await apps[0]!.inject({ method: 'POST', url: `/api/admin/direct_debit/${batch.id}/collected`, headers: bearer(admin2) });
      expect(prepared.statusCode, prepared.body).toBe(202);
      const collectFirst = round % 2 === 0;
      const collect = () => call(collectFirst ? 0 : 1, 'POST', `/api/admin/direct_debit/${batch.id}/collected`);
      const cancel = () => call(collectFirst ? 1 : 0, 'POST', `/api/admin/direct_debit/${batch.id}/cancel`);
      const inTurn = async () => {
        if (collectFirst) return [await collect(), await cancel()];
        const cancelAnswer = await cancel();
        return [await collect(), cancelAnswer];
      };
      const race = () => (collectFirst ? Promise.all([collect(), cancel()]) : Promise.all([cancel(), collect()]).then(([c, k]) => [k, c]));
      const [collected, cancelled] = round < ROUNDS ? await race() : await inTurn();

      const status = (await call(0, 'GET', `/api/admin/direct_debit/${batch.id}/`)).json().result.batch.status as string;
      let credits = 0;
      for (const accountId of debtors) credits += await postingModel(accounts.db).countDocuments({ key: `direct-debit:${batch.id}:${accountId}` });
      const codes = `collected ${collected!.statusCode}, cancel ${cancelled!.statusCode}`;
      outcomes.push(`${codes} -> ${status}`);
      for (const loser of [collected!, cancelled!].filter((r) => r.statusCode !== 200)) {
        expect(loser.json(), `round ${round}: ${codes}`).toMatchObject({ error: true, errorCode: 409, errorIdentifier: 'conflict' });
        expect(loser.json().errorMessage).toMatch(/^(This direct debit batch already went from open to (collected|cancelled)|This batch was cancelled|A collected batch cannot be cancelled)/);
      }
      const winner = status === 'collected' ? collected! : cancelled!;
      const right = winner.statusCode === 200 && winner.json().result.status === status && (status === 'collected' ? credits === debtors.length : status === 'cancelled' && credits === 0);
      const bothWon = [collected!, cancelled!].every((r) => r.statusCode === 200);
      if (!right || bothWon) wrong.push(`round ${round}: ${codes}, ${status}, ${credits} of ${debtors.length} debtors credited`);
      // The next batch's cut-off must come after a collected one's.
      clock = new Date(clock.getTime() + DAY);
    }
    expect(wrong, `${wrong.length} of ${ROUNDS + 2} rounds wrong; ${outcomes.join('; ')}`).toEqual([]);
    expect(outcomes.filter((o) => o.endsWith('collected')).length, outcomes.join('; ')).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.endsWith('cancelled')).length, outcomes.join('; ')).toBeGreaterThan(0);
  });

  it("answers 409 with the reason for a cancelled batch's pain.008 file, in every format", async () => {
    await owing('Late Racer', 800);
    const today = localDay(clock, 'Europe/Amsterdam');
    const batch = (await call(0, 'POST', '/api/admin/direct_debit/', { collectionDate: nextBusinessDay(today), cutoff: today })).json().result as { id: string };
    expect(await directDebitFileProcessor({ db: apps[0]!.db, log })({ data: { batchId: batch.id } })).toBe('ready');
    expect((await call(0, 'GET', `/api/admin/direct_debit/${batch.id}/file`)).statusCode).toBe(200);
    expect((await call(1, 'POST', `/api/admin/direct_debit/${batch.id}/cancel`)).statusCode).toBe(200);
    for (const format of ['pain.008.001.02', 'pain.008.001.08']) {
      const file = await call(0, 'GET', `/api/admin/direct_debit/${batch.id}/file?format=${format}`);
      expect(file.statusCode, format).toBe(409);
      expect(file.json()).toMatchObject({
        error: true,
        errorIdentifier: 'conflict',
        errorMessage: 'This batch was cancelled: its file must not be sent to the bank. Make a new batch to collect these debts.',
      });
    }
  });
});
