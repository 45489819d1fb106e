import { isDuplicateKey } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from './models/account.model';
import { postingModel } from './models/posting.model';
import { startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app';
import { Ledger } from './ledger';

describe('the ledger', () => {
  let app: AccountsTestApp;
  let ledger: Ledger;

  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri')));
    ledger = app.accounts.ledger;
  });
  afterAll(async () => stopAccountsTestApp(app));

  const newAccount = async (name: string, creditAccount = false) =>
    String((await accountModel(app.db).create({ name, creditAccount }))._id);
  const Posting = () => postingModel(app.db);
  const sumOfPostings = async (accountId: string) =>
    (await Posting().find({ accountId: new Types.ObjectId(accountId) }, { amount: 1 }).lean()).reduce((s, p) => s + p.amount, 0);
  /** The balance field on the account, once this process's cache writes have landed. */
  const cached = async (accountId: string) => {
    await ledger.settled();
    return (await accountModel(app.db).findById(accountId).lean())?.balance;
  };

  describe('store guarantees it rests on', () => {
    it('refuses a second posting with the same key (E11000)', async () => {
      const a = new Types.ObjectId();
      await Posting().collection.insertOne({ accountId: a, seq: 1, amount: 1, balanceAfter: 1, key: 'store-dup-key', kind: 'topup', ref: '', at: new Date() });
      const err = await Posting()
        .collection.insertOne({ accountId: new Types.ObjectId(), seq: 1, amount: 1, balanceAfter: 1, key: 'store-dup-key', kind: 'topup', ref: '', at: new Date() })
        .catch((e: unknown) => e);
      expect(isDuplicateKey(err)).toBe(true);
    });

    it('refuses a second posting with the same (accountId, seq) (E11000)', async () => {
      const a = new Types.ObjectId();
      await Posting().collection.insertOne({ accountId: a, seq: 1, amount: 1, balanceAfter: 1, key: 'seq-a', kind: 'topup', ref: '', at: new Date() });
      const err = await Posting()
        .collection.insertOne({ accountId: a, seq: 1, amount: 2, balanceAfter: 2, key: 'seq-b', kind: 'topup', ref: '', at: new Date() })
        .catch((e: unknown) => e);
      expect(isDuplicateKey(err)).toBe(true);
    });
  });

  it('never takes a non-credit account below zero under 200 concurrent debits, and the books add up', async () => {
    const id = await newAccount('Concurrent Carla');
    await ledger.post({ accountId: id, amount: 5_000, key: 'conc-topup', kind: 'topup', ref: 't' });
    const amounts = Array.from({ length: 200 }, (_, i) => 25 + (i % 7) * 10);
    const results = await Promise.allSettled(
      amounts.map((amount, i) => ledger.post({ accountId: id, amount: -amount, key: `conc-${i}`, kind: 'purchase', ref: `tx-${i}` })),
    );
    const accepted = amounts.filter((_, i) => results[i]?.status === 'fulfilled');
    const refusedAmounts = amounts.filter((_, i) => results[i]?.status === 'rejected');
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { identifier?: string; message?: string });
    expect(refused.map((e) => e.identifier)).toEqual(refused.map(() => 'insufficient_credits'));
    expect(refused[0]?.message).toBe('Concurrent Carla has insufficient credits in account.');
    // 5000 cents does not cover all 200 (about 11,000 cents), so some must be refused, and many go through.
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted.length, 'debits that went through').toBeGreaterThan(0);
    const head = await ledger.readHead(id);
    expect(head.balanceAfter).toBe(5_000 - accepted.reduce((s, a) => s + a, 0));
    // Refused for money only when it was really short: the balance left is below every refused debit (a balance only
    // falls here), so a ledger that refused too eagerly, or everything, fails this.
    expect(head.balanceAfter).toBeGreaterThanOrEqual(0);
    expect(head.balanceAfter).toBeLessThan(Math.min(...refusedAmounts));
    expect(await sumOfPostings(id)).toBe(head.balanceAfter);
    expect(await cached(id)).toBe(head.balanceAfter);
    const postings = await Posting().find({ accountId: new Types.ObjectId(id) }).sort({ seq: 1 }).lean();
    expect(postings.map((p) => p.seq)).toEqual(postings.map((_, i) => i + 1));
    expect(postings.every((p) => p.balanceAfter >= 0)).toBe(true);
  });

  it('also holds when two replicas (two ledgers, two locks) post on one account at once', async () => {
    const id = await newAccount('Replica Ruud');
    await ledger.post({ accountId: id, amount: 1_000, key: 'rep-topup', kind: 'topup', ref: 't' });
    const other = new Ledger(app.db);
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? ledger : other).post({ accountId: id, amount: -50, key: `rep-${i}`, kind: 'purchase', ref: 'x' })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const failures = results.filter((r) => r.status === 'rejected').map((r) => ((r as PromiseRejectedResult).reason as { identifier?: string }).identifier);
    expect(ok, 'postings that went through').toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(20);
    expect(failures.every((f) => f === 'insufficient_credits' || f === 'retry_later')).toBe(true);
    // A refusal for money is only ever given on the real head: then all 1,000 cents were spent.
    if (failures.includes('insufficient_credits')) expect(ok, 'postings before the first refusal for money').toBe(20);
    const head = await ledger.readHead(id);
    expect(head.balanceAfter).toBe(1_000 - ok * 50);
    expect(head.balanceAfter).toBeGreaterThanOrEqual(0);
    expect(await sumOfPostings(id)).toBe(head.balanceAfter);
  });

  it('leaves the newest head in the balance cache when two replicas write it at once (the local database writes an update whole, unguarded)', async () => {
    const id = await newAccount('Twee Replicas Tessa');
    // Two replicas told of each other's postings, as head-broadcast.ts does; cache writes only when settled.
    const tell = (to: () => Ledger) => ({ accountId, seq, balanceAfter }: { accountId: string; seq: number; balanceAfter: number }) => to().heard(accountId, seq, balanceAfter);
    const a: Ledger = new Ledger(app.db, { cacheWriteDelayMs: 60_000, onPosted: tell(() => b) });
    const b: Ledger = new Ledger(app.db, { cacheWriteDelayMs: 60_000, onPosted: tell(() => a) });
    const stored = async () => {
      const account = await accountModel(app.db).findById(id, { headSeq: 1, balance: 1 }).lean();
      return [account?.headSeq, account?.balance];
    };
    for (let i = 1; i <= 15; i += 1) {
      await a.post({ accountId: id, amount: 100, key: `cross-a-${i}`, kind: 'topup', ref: 't' });
      await b.post({ accountId: id, amount: 10, key: `cross-b-${i}`, kind: 'topup', ref: 't' });
      // The replica holding the older posting writes first: it writes the newer head it heard of.
      await a.settled();
      expect(await stored(), `after a's write, round ${i}`).toEqual([4 * i - 2, 220 * i - 110]);
      await a.post({ accountId: id, amount: 100, key: `cross-a2-${i}`, kind: 'topup', ref: 't' });
      await b.post({ accountId: id, amount: 10, key: `cross-b2-${i}`, kind: 'topup', ref: 't' });
      // Both at once, so their reads and writes cross.
      await Promise.all([b.settled(), a.settled()]);
      expect(await stored(), `after both wrote, round ${i}`).toEqual([4 * i, 220 * i]);
    }
    expect((await ledger.readHead(id)).balanceAfter).toBe(15 * 220);
  });

  it('makes one posting of one key sent 10 times at once, and answers each with it', async () => {
    const id = await newAccount('Idempotent Ida');
    await ledger.post({ accountId: id, amount: 300, key: 'idem-topup', kind: 'topup', ref: 't' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => ledger.post({ accountId: id, amount: -300, key: 'idem-nonce-1', kind: 'purchase', ref: 'tx' })),
    );
    expect(await Posting().countDocuments({ key: 'idem-nonce-1' })).toBe(1);
    expect(new Set(results.map((r) => r.seq)).size).toBe(1);
    expect(results.filter((r) => !r.replay)).toHaveLength(1);
    expect(results.every((r) => r.balanceAfter === 0)).toBe(true);
    expect((await ledger.readHead(id)).balanceAfter).toBe(0);
  });

  it('answers a replay with a different amount or account as a conflict', async () => {
    const id = await newAccount('Conflict Coen');
    await ledger.post({ accountId: id, amount: 500, key: 'conflict-key', kind: 'topup', ref: 't' });
    await expect(ledger.post({ accountId: id, amount: 400, key: 'conflict-key', kind: 'topup', ref: 't' })).rejects.toMatchObject({
      statusCode: 409,
      identifier: 'conflict',
    });
    const other = await newAccount('Conflict Other');
    await expect(ledger.post({ accountId: other, amount: 500, key: 'conflict-key', kind: 'topup', ref: 't' })).rejects.toMatchObject({ identifier: 'conflict' });
  });

  it('lets a credit (direct-debit) account go below zero', async () => {
    const id = await newAccount('Credit Cor', true);
    const result = await ledger.post({ accountId: id, amount: -1_250, key: 'credit-1', kind: 'purchase', ref: 'tx' });
    expect(result.balanceAfter).toBe(-1_250);
    expect(await cached(id)).toBe(-1_250);
  });

  it('lets an admin correction take a prepaid account below zero only when allowed', async () => {
    const id = await newAccount('Correctie Claar');
    await expect(ledger.post({ accountId: id, amount: -100, key: 'corr-1', kind: 'correction', ref: 'admin' })).rejects.toMatchObject({ identifier: 'insufficient_credits' });
    const result = await ledger.post({ accountId: id, amount: -100, key: 'corr-2', kind: 'correction', ref: 'admin', allowNegative: true });
    expect(result.balanceAfter).toBe(-100);
  });

  it('still posts correctly after a restart with a stale cached balance, and repairs the cache', async () => {
    const id = await newAccount('Stale Stan');
    await ledger.post({ accountId: id, amount: 1_000, key: 'stale-1', kind: 'topup', ref: 't' });
    await ledger.post({ accountId: id, amount: -400, key: 'stale-2', kind: 'purchase', ref: 't' });
    await ledger.settled();
    // As if the process died between a posting and its cache update: the field still shows the first posting.
    await accountModel(app.db).updateOne({ _id: id }, { $set: { headSeq: 1, balance: 1_000 } });
    const restarted = new Ledger(app.db);
    await expect(restarted.post({ accountId: id, amount: -700, key: 'stale-3', kind: 'purchase', ref: 't' })).rejects.toMatchObject({
      identifier: 'insufficient_credits',
    });
    const ok = await restarted.post({ accountId: id, amount: -600, key: 'stale-4', kind: 'purchase', ref: 't' });
    expect(ok).toMatchObject({ seq: 3, balanceAfter: 0 });
    await restarted.settled();
    expect((await accountModel(app.db).findById(id).lean())?.balance).toBe(0);
  });

  it('refuses on the real head, not a stale cache: a top-up the cache missed still counts', async () => {
    const id = await newAccount('Missed Top-up Mia');
    await ledger.post({ accountId: id, amount: 1_000, key: 'missed-1', kind: 'topup', ref: 't' });
    await ledger.settled();
    await accountModel(app.db).updateOne({ _id: id }, { $set: { headSeq: 0, balance: 0 } });
    const result = await new Ledger(app.db).post({ accountId: id, amount: -800, key: 'missed-2', kind: 'purchase', ref: 't' });
    expect(result).toMatchObject({ seq: 2, balanceAfter: 200 });
  });

  it('re-reads an account whose flags changed once told to forget it', async () => {
    const id = await newAccount('Switch Sven', true);
    await ledger.post({ accountId: id, amount: -100, key: 'switch-1', kind: 'purchase', ref: 't' });
    // A failed direct debit switches credit off (SPEC 1).
    await accountModel(app.db).updateOne({ _id: id }, { $set: { creditAccount: false } });
    ledger.forget(id);
    await expect(ledger.post({ accountId: id, amount: -100, key: 'switch-2', kind: 'purchase', ref: 't' })).rejects.toMatchObject({
      identifier: 'insufficient_credits',
    });
  });

  it("never loses a change of the account's fields to a balance-cache write at the same moment (the local database writes a document whole)", async () => {
    // Cache writes at once, so each one overlaps the change made beside its posting.
    const quick = new Ledger(app.db, { cacheWriteDelayMs: 0 });
    const id = await newAccount('Hernoemd 0');
    for (let i = 1; i <= 30; i += 1) {
      await Promise.all([quick.post({ accountId: id, amount: 100, key: `rename-race-${i}`, kind: 'topup', ref: 't' }), quick.updateAccount(id, { name: `Hernoemd ${i}` })]);
      await quick.settled();
      const stored = await accountModel(app.db).findById(id, { name: 1, balance: 1 }).lean();
      expect([stored?.name, stored?.balance]).toEqual([`Hernoemd ${i}`, 100 * i]);
    }
  });

  it('marks the account as used by purchases and top-ups, not by corrections', async () => {
    const id = await newAccount('Gebruikt Gert');
    await ledger.post({ accountId: id, amount: 100, key: 'used-1', kind: 'correction', ref: 'admin' });
    await ledger.settled();
    expect((await accountModel(app.db).findById(id).lean())?.lastUsed ?? null).toBeNull();
    await ledger.post({ accountId: id, amount: -50, key: 'used-2', kind: 'purchase', ref: 'tx' });
    await ledger.settled();
    expect((await accountModel(app.db).findById(id).lean())?.lastUsed).toBeInstanceOf(Date);
  });
});
