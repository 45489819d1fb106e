import type { Capability, PosWrappedAnswer } from '@kassa/contracts';
import { internalClient, type InternalClient } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { wrappedAccountModel, wrappedYearModel } from '../models/wrapped.model';
import { settingsModel } from '../../models/settings.model';
import { loginAs } from '../../testing/accounts-test-app';
import { startAccountsWorker } from './accounts-worker';
import { computePosWrapped } from './pos-wrapped.job';
import { clearRedisPrefix } from '@kassa/service-kit/testing';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];

/** POS Wrapped on the real services (checkout, accounts, FerretDB, Redis): the job, the member's call and the worker. */
describe('POS Wrapped', () => {
  let s: CheckoutStack;
  let checkout: InternalClient;
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  const sell = async (method: string, body: object) => {
    const res = await s.pay(method, { nonce: randomUUID(), ...body }, BAR);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { transaction_id: string; total: number };
  };
  const wrapped = async (username = 'member') =>
    s.accounts.inject({ method: 'GET', url: '/api/account/wrapped/', headers: { authorization: `Bearer ${await loginAs(s.accounts, username)}` } });

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
    checkout = internalClient(`http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`, s.env.INTERNAL_TOKEN);
    // The member's evening: three of product 1 and one of product 2 on their account; another member's sale, a cash
    // sale and an undone sale of the member's, which counts nowhere.
    await sell('account', { products: [line(1, 3), line(2)], account_id: s.memberAccountId });
    const other = await s.createAccount('Andere Gast', 5000);
    await sell('account', { products: [line(2, 2)], account_id: other });
    await sell('cash', { products: [line(1)] });
    const undone = await sell('account', { products: [line(3, 5)], account_id: s.memberAccountId });
    const res = await s.app.inject({ method: 'POST', url: `/api/transactions/${undone.transaction_id}/undo/`, headers: { authorization: s.token(BAR) } });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await s.close();
  });

  it('is not there while the board has not switched it on', async () => {
    const res = await wrapped();
    expect(res.statusCode).toBe(404);
  });

  it("works out the member's year and the bar's beside it, from the sales that stand", async () => {
    const year = await computePosWrapped({ db: s.accountsDb, checkout });
    const month = new Date().getMonth();
    const mine = (await wrappedAccountModel(s.accountsDb).findOne({ accountId: s.memberAccountId, year }).lean())!.mine;
    const first = s.products[1]!;
    const second = s.products[2]!;
    expect(mine).toMatchObject({ purchases: 1, items: 4, spent: 3 * first.price + second.price, topProduct: { name: first.name, count: 3 } });
    expect(mine.busiestDay.items).toBe(4);
    expect(mine.perMonth[month]).toBe(4);
    const bar = (await wrappedYearModel(s.accountsDb).findOne({ year }).lean())!.bar;
    expect(bar).toMatchObject({ purchases: 3, items: 7, topProduct: { name: first.name, count: 4 } });
    expect(bar.perMonth.reduce((a: number, b: number) => a + b, 0)).toBe(7);
  });

  it('answers the member only their own year and the bar totals, with no other member in it', async () => {
    await settingsModel(s.accountsDb).updateOne({}, { $set: { posWrappedAvailable: true } }, { upsert: true });
    const res = await wrapped();
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().result as PosWrappedAnswer;
    expect(answer.ready).toBe(true);
    expect(answer.wrapped!.mine.items).toBe(4);
    expect(answer.wrapped!.bar.items).toBe(7);
    expect(res.body).not.toContain('Andere Gast');
  });

  it("queues a run when this year is not worked out yet, and the worker's run makes it ready", async () => {
    await wrappedYearModel(s.accountsDb).deleteMany({});
    await wrappedAccountModel(s.accountsDb).deleteMany({});
    const env = { ...s.accounts.accounts.env, CHECKOUT_URL: `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}` };
    await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
    const first = await wrapped();
    expect(first.json().result).toEqual({ ready: false, wrapped: null });
    const worker = await startAccountsWorker(env, s.accountsDb, pino({ level: 'silent' }));
    try {
      await expect.poll(async () => (await wrapped()).json().result.ready, { timeout: 20_000, interval: 200 }).toBe(true);
      expect((await wrapped()).json().result.wrapped.mine.topProduct.count).toBe(3);
    } finally {
      await worker.close();
      await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
    }
  });
});
