import { internalClient, type InternalClient } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '../../models/transaction.model';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';

/** A port nothing listens on: what checkout meets while the accounts service is down. */
async function deadPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('checkout while the accounts service goes away and comes back (testing/probes/faults in small)', () => {
  let s: CheckoutStack;
  let accounts: InternalClient = () => Promise.reject(new Error('not started'));

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { deps: { accounts: (path, schema, opts) => accounts(path, schema, opts) } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers a clear retryable error meanwhile, and posts every sale retried with its nonce exactly once', async () => {
    const up = internalClient(s.env.ACCOUNTS_URL, s.env.INTERNAL_TOKEN);
    const down = internalClient(`http://127.0.0.1:${await deadPort()}`, s.env.INTERNAL_TOKEN);
    // The crash itself: some postings reach the ledger, but the process dies before it answers.
    let calls = 0;
    const crashing: InternalClient = async (path, schema, opts) => {
      calls += 1;
      if (calls % 2 === 0) return down(path, schema, opts);
      await up(path, schema, opts);
      return down(path, schema, opts);
    };
    const start = 10_000;
    const account = await s.createAccount('Storing Tijdens Verkoop', start);
    const product = s.products.find((p) => p.price >= 100)!;
    const sale = () => ({ products: [{ id: product.id, amount: 1 }], account_id: account, nonce: randomUUID() });
    const pay = (body: object) => s.pay('account', body, ['PAYMENT_ACCOUNT_OTHER']);

    accounts = up;
    const before = Array.from({ length: 5 }, sale);
    expect((await Promise.all(before.map(pay))).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);

    accounts = crashing;
    const during = Array.from({ length: 10 }, sale);
    const told = await Promise.all(during.map(pay));
    for (const res of told) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: true, errorIdentifier: 'service_unavailable' });
      expect(res.json().errorMessage).toMatch(/unavailable.*Please try again/);
    }
    // A retry while still down gets the same clear answer, and nothing is cancelled: the nonce stays usable.
    expect((await pay(during[0]!)).statusCode).toBe(503);
    const open = await transactionModel(s.app.db).countDocuments({ nonce: { $in: during.map((b) => b.nonce) }, status: 'initializing' });
    expect(open).toBe(during.length);

    accounts = up;
    const retried = await Promise.all(during.map(pay));
    for (const res of retried) expect(res.json().result).toMatchObject({ status: 'completed', total: product.price });

    const confirmed = [...before, ...during];
    for (const body of confirmed) expect(await s.postingsWithKey(`checkout:${body.nonce}`)).toBe(1);
    expect(await s.postingsOf(account)).toHaveLength(confirmed.length);
    expect(await s.balance(account)).toBe(start - confirmed.length * product.price);
    const balances = retried.map((r) => r.json().result.balance_after as number);
    expect(Math.min(...balances)).toBe(start - confirmed.length * product.price);
  });
});
