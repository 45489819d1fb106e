import { AppError, internalClient, type InternalClient } from '@kassa/service-kit';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '../models/transaction.model';
import { STRANDED_AFTER_MS } from './stranded-sales';

// Checkout, accounts and the catalog on the real local database (FerretDB); a checkout process that "dies" is one whose
// accounts client throws where a dead connection would.
describe('stranded sales: a sale whose money moved but whose record was left unfinished', () => {
  let s: CheckoutStack;
  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
  });
  afterAll(async () => {
    await s.close();
  });

  const bar = ['PAYMENT_ACCOUNT_OTHER'] as const;

  /** A sale through a checkout whose process dies around the ledger posting: after it or before it. */
  async function strand(when: 'after posting' | 'before posting', method: 'account' | 'cash', body: Record<string, unknown>) {
    const crashed = await s.anotherCheckout({ accounts: s.accountsThatDie(when) });
    try {
      const res = await crashed.inject({ method: 'POST', url: `/api/checkout/${method}/`, headers: { authorization: s.token([...bar, 'PAYMENT_CASH']) }, payload: body });
      expect(res.statusCode).toBe(503);
    } finally {
      await crashed.close();
    }
  }

  const accountSale = (account: string, product: { id: string }) => ({ products: [{ id: product.id, amount: 1 }], account_id: account, nonce: randomUUID() });

  /** A checkout started `laterMs` from now, as a replica that comes back: its first upkeep run has finished on close. */
  async function restartCheckout(laterMs: number, accounts?: InternalClient): Promise<void> {
    const restarted = await s.anotherCheckout({ now: () => new Date(Date.now() + laterMs), ...(accounts ? { accounts } : {}) });
    await restarted.ready();
    await restarted.close();
  }

  const saleOf = (nonce: string) => transactionModel(s.app.db).findOne({ nonce }).lean();

  it('completes it from its posting once it is older than a live request can be, and the till\'s late retry answers the same', async () => {
    const product = s.products[10]!;
    const account = await s.createAccount('Verlaten Kassa', 3000);
    const body = accountSale(account, product);
    await strand('after posting', 'account', body);
    expect(await saleOf(body.nonce)).toMatchObject({ status: 'initializing' });
    expect(await s.postingsWithKey(`checkout:${body.nonce}`)).toBe(1);

    // Not yet: a request may still be finishing it.
    await restartCheckout(0);
    expect(await saleOf(body.nonce)).toMatchObject({ status: 'initializing' });

    await restartCheckout(STRANDED_AFTER_MS + 1000);
    expect(await saleOf(body.nonce)).toMatchObject({ status: 'completed', accountId: account, accountName: 'Verlaten Kassa', balanceAfter: 3000 - product.price });
    expect(await s.postingsWithKey(`checkout:${body.nonce}`)).toBe(1);
    expect(await s.balance(account)).toBe(3000 - product.price);

    const retry = await s.pay('account', body, [...bar]);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().result).toMatchObject({ status: 'completed', balance_after: 3000 - product.price });
    expect(await s.postingsWithKey(`checkout:${body.nonce}`)).toBe(1);
  });

  it('leaves one without a posting as it is, for its till to send again, which then finishes it', async () => {
    const product = s.products[11]!;
    const account = await s.createAccount('Nooit Betaald', 3000);
    const body = accountSale(account, product);
    await strand('before posting', 'account', body);
    expect(await s.postingsWithKey(`checkout:${body.nonce}`)).toBe(0);

    await restartCheckout(STRANDED_AFTER_MS + 1000);
    expect(await saleOf(body.nonce)).toMatchObject({ status: 'initializing' });
    expect(await s.balance(account)).toBe(3000);

    const retry = await s.pay('account', body, [...bar]);
    expect(retry.statusCode).toBe(200);
    expect(await saleOf(body.nonce)).toMatchObject({ status: 'completed', balanceAfter: 3000 - product.price });
    expect(await s.postingsWithKey(`checkout:${body.nonce}`)).toBe(1);
  });

  it('completes a top-up paid in cash whose credit went through, with the account and balance it reached', async () => {
    const account = await s.createAccount('Contant Opgewaardeerd', 500);
    const body = { products: [], upgrade_account_id: account, upgrade_amount: 1000, nonce: randomUUID() };
    await strand('after posting', 'cash', body);
    expect(await saleOf(body.nonce)).toMatchObject({ status: 'initializing', upgrade: { posted: false } });

    await restartCheckout(STRANDED_AFTER_MS + 1000);
    expect(await saleOf(body.nonce)).toMatchObject({ status: 'completed', upgrade: { posted: true, accountName: 'Contant Opgewaardeerd', balanceAfter: 1500 } });
    expect(await s.postingsWithKey(`checkout:${body.nonce}:topup`)).toBe(1);
    expect(await s.balance(account)).toBe(1500);
  });

  it('settles the others when one cannot be settled now, and that one on a later run', async () => {
    const product = s.products[9]!;
    const first = accountSale(await s.createAccount('Even Weg', 3000), product);
    const second = accountSale(await s.createAccount('Wel Bereikbaar', 3000), product);
    await strand('after posting', 'account', first);
    await strand('after posting', 'account', second);

    const real = internalClient(s.env.ACCOUNTS_URL, s.env.INTERNAL_TOKEN);
    const awayForFirst: InternalClient = async (path, schema, opts) => {
      if (path.includes(encodeURIComponent(first.nonce))) throw new AppError(503, 'service_unavailable', 'connection reset');
      return real(path, schema, opts);
    };
    await restartCheckout(STRANDED_AFTER_MS + 1000, awayForFirst);
    expect(await saleOf(first.nonce)).toMatchObject({ status: 'initializing' });
    expect(await saleOf(second.nonce)).toMatchObject({ status: 'completed', accountName: 'Wel Bereikbaar' });

    await restartCheckout(STRANDED_AFTER_MS + 1000);
    expect(await saleOf(first.nonce)).toMatchObject({ status: 'completed', accountName: 'Even Weg', balanceAfter: 3000 - product.price });
  });
});
