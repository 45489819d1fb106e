import { connectMongo } from '@kassa/service-kit';
import { clearRedisPrefix } from '@kassa/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildAccountsApp } from '../app';
import { headBroadcast, type PostedHead } from './head-broadcast';
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

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const head = (accountId: string, seq: number): PostedHead => ({ accountId, seq, balance: seq * 100, lastUsed: null });

/** Two replicas of accounts telling each other their heads over the machine's real Redis. */
describe('the ledger heads replicas tell each other', () => {
  const prefix = `kassa-test-heads-${randomUUID()}`;
  afterAll(() => clearRedisPrefix(REDIS_URL, prefix));

  it("each hears the other's newest head per account, never its own, and what waits is sent on close", async () => {
    const heardByA: PostedHead[] = [];
    const heardByB: PostedHead[] = [];
    const a = headBroadcast(REDIS_URL, prefix, (h) => heardByA.push(h));
    const b = headBroadcast(REDIS_URL, prefix, (h) => heardByB.push(h));
    try {
      // Both connected and subscribed: a round trip that goes out on each replica's own channel.
      await expect
        .poll(async () => {
          a.publish(head(`probe-${randomUUID()}`, 1));
          b.publish(head(`probe-${randomUUID()}`, 1));
          await new Promise((r) => setTimeout(r, 100));
          return heardByA.length > 0 && heardByB.length > 0;
        })
        .toBe(true);
      // A probe still on its way may arrive later: only the heads below count.
      const told = (heard: PostedHead[]) => heard.filter((h) => !h.accountId.startsWith('probe-'));

      // A burst on one account and a posting on another, as a busy till makes them: one head per account arrives,
      // the newest, even when the postings were told out of order.
      for (const seq of [1, 3, 2]) a.publish(head('x', seq));
      a.publish(head('y', 7));
      await expect.poll(() => told(heardByB).map((h) => `${h.accountId}@${h.seq}`).sort()).toEqual(['x@3', 'y@7']);
      expect(heardByB.find((h) => h.accountId === 'y')).toEqual(head('y', 7));

      // Heads waiting for the window when a replica stops still go out.
      b.publish(head('z', 4));
      await b.close();
      await expect.poll(() => told(heardByA).map((h) => `${h.accountId}@${h.seq}`)).toEqual(['z@4']);
      expect(told(heardByB).map((h) => h.accountId).sort()).toEqual(['x', 'y']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
