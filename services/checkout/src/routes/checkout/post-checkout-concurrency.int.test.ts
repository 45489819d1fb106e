import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '../../models/transaction.model';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';

describe('checkout under concurrency and failure', () => {
  let s: CheckoutStack;

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
  });
  afterAll(async () => {
    await s.close();
  });

  it('never takes a non-credit account below zero with 200 concurrent checkouts, and the balance adds up', async () => {
    const start = 10_000;
    const account = await s.createAccount('Druk Bezocht', start);
    const product = s.products.find((p) => p.price >= 250)!;
    const bodies = Array.from({ length: 200 }, () => ({ products: [{ id: product.id, amount: 1 }], account_id: account, nonce: randomUUID() }));
    let answers = await Promise.all(bodies.map((body) => s.pay('account', body, ['PAYMENT_ACCOUNT_OTHER'])));
    // Under heavy load the ledger may answer "busy, try again" (503 retry_later); the till then retries with the same
    // nonce, and so does this test, until every sale has its final answer.
    for (let round = 0; round < 10; round++) {
      const busy = answers.map((r, i) => (r.statusCode === 503 ? i : -1)).filter((i) => i >= 0);
      if (busy.length === 0) break;
      const retried = await Promise.all(busy.map((i) => s.pay('account', bodies[i]!, ['PAYMENT_ACCOUNT_OTHER'])));
      answers = answers.map((r, i) => (busy.includes(i) ? retried[busy.indexOf(i)]! : r));
    }
    const accepted = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.json().errorIdentifier === 'insufficient_credits');
    expect(accepted.length + refused.length).toBe(200);
    expect(accepted.length).toBe(Math.floor(start / product.price));

    const balance = await s.balance(account);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(start - accepted.length * product.price);
    // Every accepted answer saw its own balance: they are exactly the steps from the start down.
    const seen = accepted.map((r) => r.json().result.balance_after as number).sort((a, b) => b - a);
    expect(seen).toEqual(Array.from({ length: accepted.length }, (_, i) => start - (i + 1) * product.price));
    expect(await s.postingsOf(account)).toHaveLength(accepted.length);
    expect(await transactionModel(s.app.db).countDocuments({ accountId: account, status: 'completed' })).toBe(accepted.length);
    expect(await transactionModel(s.app.db).countDocuments({ 'target.accountId': account, status: 'cancelled' })).toBe(refused.length);
  });

  it('gives one transaction, one posting and identical answers to one nonce sent 10 times at once', async () => {
    const account = await s.createAccount('Dubbel Klikker', 5000);
    const n = randomUUID();
    const body = { products: [{ id: s.products[8]!.id, amount: 2 }], account_id: account, pin: '1234', nonce: n };
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.pay('account', body, ['PAYMENT_ACCOUNT_AUTHED'])));
    const first = answers[0]!.json();
    expect(answers[0]!.statusCode).toBe(200);
    for (const res of answers) expect(res.json()).toEqual(first);
    expect(await transactionModel(s.app.db).countDocuments({ nonce: n })).toBe(1);
    expect(await s.postingsWithKey(`checkout:${n}`)).toBe(1);
    expect(await s.balance(account)).toBe(5000 - 2 * s.products[8]!.price);
    expect(first.result.balance_after).toBe(5000 - 2 * s.products[8]!.price);
  });

  it('finishes a sale whose service died between the ledger posting and its own record, without a second posting', async () => {
    const account = await s.createAccount('Na De Storing', 3000);
    // A checkout instance whose process "dies" right after the ledger took the money: the posting stands, its record
    // of the sale stays "initializing", and the till gets no answer.
    const crashed = await s.anotherCheckout({ accounts: s.accountsThatDie('after posting') });
    const n = randomUUID();
    const body = { products: [{ id: s.products[12]!.id, amount: 1 }], account_id: account, nonce: n };
    try {
      const lost = await crashed.inject({ method: 'POST', url: '/api/checkout/account/', headers: { authorization: s.token(['PAYMENT_ACCOUNT_OTHER']) }, payload: body });
      expect(lost.statusCode).toBe(503);
    } finally {
      await crashed.close();
    }
    expect(await transactionModel(s.app.db).findOne({ nonce: n }).lean()).toMatchObject({ status: 'initializing' });
    expect(await s.balance(account)).toBe(3000 - s.products[12]!.price);

    const retry = await s.pay('account', body, ['PAYMENT_ACCOUNT_OTHER']);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().result).toMatchObject({ status: 'completed', balance_after: 3000 - s.products[12]!.price });
    expect(await s.postingsWithKey(`checkout:${n}`)).toBe(1);
    expect(await s.balance(account)).toBe(3000 - s.products[12]!.price);
  });
});
