import { connectMongo } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildAccountsApp } from '../app';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, TestClock, type AccountsTestApp } from '../testing/accounts-test-app';

/**
 * Two replicas of the accounts service on one database (the run's FerretDB) and one Redis. The clock stands still, so
 * neither replica's caches age out during the test: what B shows after a sale booked through A came from A's broadcast.
 */
describe('two replicas of accounts', () => {
  const clock = new TestClock(new Date('2026-07-20T20:00:00Z'));
  let a: AccountsTestApp;
  let b: AccountsTestApp;

  beforeAll(async () => {
    const started = await startAccountsTestApp(inject('mongoUri'), { seed: true, deps: { now: clock.now } });
    a = started.app;
    b = await buildAccountsApp(started.env, await connectMongo(started.env.MONGODB_URI, `${started.env.MONGODB_DB_PREFIX}_accounts`), { now: clock.now });
  });
  afterAll(async () => {
    await b.close();
    await stopAccountsTestApp(a);
  });

  it("shows a sale booked through the other replica in the till's list and on the member's page", async () => {
    const bar = bearer(await loginAs(b, 'bar'));
    const member = bearer(await loginAs(b, 'member'));
    const listed = async () =>
      ((await b.inject({ method: 'GET', url: '/api/accounts/', headers: bar })).json().result.accounts as { id: string; name: string; balance: number }[]).find(
        (x) => x.name === 'Marit de Member',
      )!;
    const own = async () => (await b.inject({ method: 'GET', url: '/api/account/', headers: member })).json().result.balance as number;
    // B has read both views (its directory and its ledger's account) before the sale.
    const before = await listed();
    expect(before.balance).toBe(2500);
    expect(await own()).toBe(2500);

    const sale = await internalPost(a, '/internal/ledger/postings', { target: { accountId: before.id }, amount: -300, key: `t-${new Types.ObjectId().toHexString()}`, kind: 'purchase', ref: 'test' });
    expect(sale.statusCode).toBe(200);

    await vi.waitFor(async () => {
      expect((await listed()).balance).toBe(2200);
      expect(await own()).toBe(2200);
    }, { timeout: 10_000, interval: 100 });
  });
});
