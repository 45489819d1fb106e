import type { Capability } from '@kassa/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { offlineRefusalModel } from '../models/offline-refusal.model';
import { transactionModel } from '../models/transaction.model';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER'];
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('offline sales sent again by the till (madeAt)', () => {
  let s: CheckoutStack;
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  const price = (i: number) => s.products[i]!.price;

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
  });
  afterAll(async () => {
    await s.close();
  });

  it('books a replayed sale once however often it is sent, with the time it was made, on the day it arrived', async () => {
    const account = await s.createAccount('Offline Olga', 2000);
    const nonce = randomUUID();
    // 23:30 Amsterdam time on a winter day two days back: the sale's day is that day, not the day it arrived.
    const madeAt = new Date(Date.now() - 2 * 24 * HOUR);
    madeAt.setUTCHours(22, 30, 0, 0);
    const body = { products: [line(1), line(2)], account_id: account, nonce, madeAt: madeAt.toISOString() };
    const first = await s.pay('account', body, BAR);
    expect(first.statusCode).toBe(200);
    const again = await Promise.all([s.pay('account', body, BAR), s.pay('account', body, BAR)]);
    for (const res of again) expect(res.json().result.transaction_id).toBe(first.json().result.transaction_id);
    expect(await s.balance(account)).toBe(2000 - price(1) - price(2));
    expect(await s.postingsWithKey(`checkout:${nonce}`)).toBe(1);
    const sales = await transactionModel(s.app.db).find({ nonce }).lean();
    expect(sales).toHaveLength(1);
    expect(sales[0]!.createdAt.toISOString()).toBe(madeAt.toISOString());
    expect(sales[0]!.receivedAt!.getTime()).toBeGreaterThan(madeAt.getTime() + HOUR);
    const amsterdam = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
    expect(sales[0]!.day).toBe(amsterdam(sales[0]!.receivedAt!));
    expect(sales[0]!.madeDay).toBe(amsterdam(madeAt));
  });

  it('leaves a closed day as it was: a late sale counts on the day it arrived, and the admin lists it as late', async () => {
    const amsterdam = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
    const madeAt = new Date(Date.now() - 3 * 24 * HOUR);
    const madeDay = amsterdam(madeAt);
    const today = amsterdam(new Date());
    const journal = async (day: string) => (await s.app.inject({ method: 'GET', url: `/internal/sales/journal?day=${day}`, headers: { 'x-internal-token': s.env.INTERNAL_TOKEN } })).json().result;
    const cashOf = (j: { byMethod: { method: string; total: number }[] }) => j.byMethod.find((m) => m.method === 'cash')?.total ?? 0;
    const before = { made: await journal(madeDay), today: await journal(today) };
    // Sent online with a back-dated madeAt or replayed from an offline till: the same request.
    const nonce = randomUUID();
    const res = await s.pay('cash', { products: [line(0)], nonce, madeAt: madeAt.toISOString() }, BAR);
    expect(res.statusCode).toBe(200);
    const after = { made: await journal(madeDay), today: await journal(today) };
    expect(after.made).toEqual(before.made);
    expect(cashOf(after.today) - cashOf(before.today)).toBe(price(0));

    const admin = { authorization: s.token([], { isAdmin: true }) };
    const late = await s.app.inject({ method: 'GET', url: '/api/admin/transactions/?page=1&late=true', headers: admin });
    expect(late.statusCode).toBe(200);
    const items = late.json().result.items as { nonce: string; day: string; madeDay: string | null; createdAt: string }[];
    expect(items.find((t) => t.nonce === nonce)).toMatchObject({ day: today, madeDay, createdAt: madeAt.toISOString() });
    expect(items.every((t) => t.madeDay !== null && t.madeDay < t.day)).toBe(true);
    await s.pay('cash', { products: [line(0)], nonce: randomUUID() }, BAR);
    const all = await s.app.inject({ method: 'GET', url: `/api/admin/transactions/?page=1&day=${today}&perPage=100`, headers: admin });
    const onTime = (all.json().result.items as { madeDay: string | null }[]).filter((t) => t.madeDay === null);
    expect(onTime.length).toBeGreaterThan(0);
    expect(all.json().result.total).toBeGreaterThan(late.json().result.total);
  });

  it('refuses an offline sale holding a NUL with a final 422 naming the field (not a 5xx the till retries for ever)', async () => {
    const nonce = `${randomUUID()}\u0000`;
    const res = await s.pay('cash', { products: [line(0)], nonce, reason: 'ko\u0085rt', madeAt: ago(HOUR) }, BAR);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { loc: ['body', 'nonce'], msg: 'Control characters (such as NUL) are not allowed here.', type: 'value_error' },
      { loc: ['body', 'reason'], msg: 'Control characters (such as NUL) are not allowed here.', type: 'value_error' },
    ]);
  });

  it('gives a sale made online no arrival time of its own', async () => {
    const res = await s.pay('cash', { products: [line(0)], nonce: randomUUID() }, BAR);
    const tx = await transactionModel(s.app.db).findById(res.json().result.transaction_id).lean();
    expect(tx!.receivedAt).toBeNull();
  });

  it('refuses a madeAt in the future, too old, on a card payment or with a top-up, with a line on madeAt', async () => {
    const account = await s.createAccount('Tijd Reiziger', 1000);
    const cases = [
      { method: 'cash', body: { products: [line(0)], madeAt: new Date(Date.now() + HOUR).toISOString() }, msg: /future/ },
      { method: 'cash', body: { products: [line(0)], madeAt: ago(8 * 24 * HOUR) }, msg: /more than 7 days ago/ },
      { method: 'cash', body: { products: [line(0)], madeAt: ago(HOUR), upgrade_account_id: account, upgrade_amount: 500 }, msg: /top-up/ },
      { method: 'self', body: { products: [line(0)], madeAt: ago(HOUR) }, msg: /Only cash, other and account/ },
    ];
    for (const c of cases) {
      const res = await s.pay(c.method, { ...c.body, nonce: randomUUID() }, [...BAR, 'PAYMENT_ACCOUNT_SELF']);
      expect(res.statusCode, c.method).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'madeAt'], msg: expect.stringMatching(c.msg) })]);
    }
    const garbled = await s.pay('cash', { products: [line(0)], nonce: randomUUID(), madeAt: 'yesterday evening' }, BAR);
    expect(garbled.statusCode).toBe(422);
    expect(await s.balance(account)).toBe(1000);
    // Five minutes of tablet clock running ahead is no reason to refuse a sale.
    const skewed = await s.pay('cash', { products: [line(0)], nonce: randomUUID(), madeAt: new Date(Date.now() + 60_000).toISOString() }, BAR);
    expect(skewed.statusCode).toBe(200);
  });

  it('records a replay the ledger refuses, with who sold it, once, and leaves the balance alone', async () => {
    const account = await s.createAccount('Arme Arie', 100);
    const nonce = randomUUID();
    const madeAt = ago(HOUR);
    const body = { products: [line(5, 3)], account_id: account, nonce, madeAt };
    const res = await s.pay('account', body, BAR, { username: 'bar-anna', sub: 'user-anna', registerId: 'reg-1' });
    expect(res.json()).toMatchObject({ error: true, errorIdentifier: 'insufficient_credits' });
    // Sent again (the till did not hear the answer): the same refusal, still one record.
    const again = await s.pay('account', body, BAR, { username: 'bar-anna', sub: 'user-anna', registerId: 'reg-1' });
    expect(again.json()).toMatchObject({ error: true, errorIdentifier: 'insufficient_credits' });
    expect(await s.balance(account)).toBe(100);
    const records = await offlineRefusalModel(s.app.db).find({ nonce }).lean();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      method: 'account',
      accountId: account,
      username: 'bar-anna',
      userId: 'user-anna',
      registerId: 'reg-1',
      total: 3 * price(5),
      error: { statusCode: 400, identifier: 'insufficient_credits' },
    });
    expect(records[0]!.madeAt.toISOString()).toBe(madeAt);
    expect(records[0]!.products[0]).toMatchObject({ name: s.products[5]!.name, price: price(5), amount: 3 });

    const list = await s.app.inject({ method: 'GET', url: '/api/admin/transactions/offline_refusals/?page=1', headers: { authorization: s.token([], { isAdmin: true }) } });
    expect(list.statusCode).toBe(200);
    expect(list.json().result.items.find((r: { nonce: string }) => r.nonce === nonce)).toMatchObject({ username: 'bar-anna', error: { identifier: 'insufficient_credits' } });
    const bad = await s.app.inject({ method: 'GET', url: '/api/admin/transactions/offline_refusals/?page=0', headers: { authorization: s.token([], { isAdmin: true }) } });
    expect(bad.statusCode).toBe(422);
  });

  it('records a too old replay too, but not a refusal of a sale made online', async () => {
    const old = randomUUID();
    await s.pay('cash', { products: [line(0)], nonce: old, madeAt: ago(9 * 24 * HOUR) }, BAR);
    expect(await offlineRefusalModel(s.app.db).countDocuments({ nonce: old })).toBe(1);
    const account = await s.createAccount('Online Onno', 0);
    const online = randomUUID();
    const res = await s.pay('account', { products: [line(0)], account_id: account, nonce: online }, BAR);
    expect(res.json().errorIdentifier).toBe('insufficient_credits');
    expect(await offlineRefusalModel(s.app.db).countDocuments({ nonce: online })).toBe(0);
  });
});
