import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { transactionModel } from '../../models/transaction.model';

/**
 * Two replicas of checkout and two of accounts on the same databases (the run's FerretDB) and Redis: sales go to
 * both checkout replicas in turn, and each checkout calls both accounts replicas in turn. Nothing in either process's
 * memory may let money through: the ledger's unique (account, seq) and the nonce's unique index decide.
 *
 * The balance is read from the first accounts replica. A posting the second one made reaches the first replica's view
 * through the heads they tell each other every 50 ms (head-broadcast.ts), so the balance shown is right within 2 s of a
 * sale, as issue 14 asks, not at the same instant; a debit never relies on that view (it reads the real head).
 */
const SHOWN_WITHIN = { timeout: 2_000, interval: 50 };
describe('checkout as replicas', () => {
  let s: CheckoutStack;

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { replicas: true });
  });
  afterAll(async () => {
    await s.close();
  });

  it('never takes a non-credit account below zero with 200 concurrent sales over both replicas', async () => {
    const start = 10_000;
    const account = await s.createAccount('Twee Tappers', start);
    const product = s.products.find((p) => p.price >= 250)!;
    const bodies = Array.from({ length: 200 }, () => ({ products: [{ id: product.id, amount: 1 }], account_id: account, nonce: randomUUID() }));
    // Each replica has sold once before (its caches of prices and accounts are warm), so neither starts far behind.
    const other = await s.createAccount('Twee Tappers Warm', 1000);
    for (const replica of [0, 1]) {
      const warm = await s.pay('account', { products: [{ id: product.id, amount: 1 }], account_id: other, nonce: randomUUID() }, ['PAYMENT_ACCOUNT_OTHER'], {}, replica);
      expect(warm.statusCode).toBe(200);
    }
    const pay = (i: number) => s.pay('account', bodies[i]!, ['PAYMENT_ACCOUNT_OTHER'], {}, i % 2);
    let answers = await Promise.all(bodies.map((_, i) => pay(i)));
    // "Busy, try again" (503 retry_later) is retried with the same nonce, as the till does, until each has its answer.
    for (let round = 0; round < 10; round++) {
      const busy = answers.map((r, i) => (r.statusCode === 503 ? i : -1)).filter((i) => i >= 0);
      if (busy.length === 0) break;
      const retried = await Promise.all(busy.map((i) => pay(i)));
      answers = answers.map((r, i) => (busy.includes(i) ? retried[busy.indexOf(i)]! : r));
    }
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.json().errorIdentifier === 'insufficient_credits');
    expect(accepted.length + refused.length).toBe(200);
    expect(accepted.length).toBe(Math.floor(start / product.price));
    // Both replicas took part: each booked sales or refused them on the ledger's balance. Which replica books the sales
    // that fit is up to the race (one replica's first answers may be "busy, try again" until the other has booked them).
    const answeredByLedger = (r: (typeof answers)[number]) => r.statusCode === 200 || r.json().errorIdentifier === 'insufficient_credits';
    expect(new Set(answers.map((r, i) => (answeredByLedger(r) ? i % 2 : -1)).filter((x) => x >= 0))).toEqual(new Set([0, 1]));
    await expect.poll(() => s.balance(account), SHOWN_WITHIN).toBe(start - accepted.length * product.price);
    expect(await s.postingsOf(account)).toHaveLength(accepted.length);
    expect(await transactionModel(s.app.db).countDocuments({ accountId: account, status: 'completed' })).toBe(accepted.length);
  });

  it('makes one sale of one nonce sent 10 times at once to both replicas', async () => {
    const account = await s.createAccount('Dubbel Over Twee', 5000);
    const n = randomUUID();
    const product = s.products[8]!;
    const body = { products: [{ id: product.id, amount: 2 }], account_id: account, pin: '1234', nonce: n };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => s.pay('account', body, ['PAYMENT_ACCOUNT_AUTHED'], {}, i % 2)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThan(0);
    const first = ok[0]!.json();
    // Every answer is the one sale (an answer may also be "busy, try again" while the first is being booked).
    for (const res of answers) {
      if (res.statusCode === 200) expect(res.json()).toEqual(first);
      else expect(res.json().errorIdentifier).toBe('retry_later');
    }
    expect(await transactionModel(s.app.db).countDocuments({ nonce: n })).toBe(1);
    expect(await s.postingsWithKey(`checkout:${n}`)).toBe(1);
    await expect.poll(() => s.balance(account), SHOWN_WITHIN).toBe(5000 - 2 * product.price);
  });
});
