import type { Capability, RecentSales } from '@kassa/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CheckoutStack, startCheckoutStack, TestClock } from '@kassa/test-stack';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];

describe("the till's recent sales (GET /api/transactions/recent/)", () => {
  let s: CheckoutStack;
  const clock = new TestClock();
  // Each test its own register, so the tests do not see each other's sales.
  const till = () => {
    const hex = randomUUID().replace(/-/g, '');
    return { registerId: hex.slice(0, 24), sub: hex.slice(8, 32), username: `tap-${hex.slice(0, 4)}` };
  };
  type Till = ReturnType<typeof till>;
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  const sell = async (t: Till, method: string, body: object) => {
    const res = await s.pay(method, { nonce: randomUUID(), ...body }, BAR, t);
    expect(res.statusCode).toBe(200);
    return res.json().result as { transaction_id: string; total: number };
  };
  const recent = async (t: Till, caps: Capability[] = BAR) => {
    const res = await s.app.inject({ method: 'GET', url: '/api/transactions/recent/', headers: { authorization: s.token(caps, t) } });
    return { status: res.statusCode, body: res.json() as { result: RecentSales; errorIdentifier?: string } };
  };
  const undo = (t: Till, id: string) => s.app.inject({ method: 'POST', url: `/api/transactions/${id}/undo/`, headers: { authorization: s.token(BAR, t) } });

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { clock });
  });
  afterAll(async () => {
    await s.close();
  });

  it('lists the last sales of this till, newest first, with amount, method, account and whether undone', async () => {
    const t = till();
    const account = await s.createAccount('Recent Renske', 5000);
    const cash = await sell(t, 'cash', { products: [line(2, 2)] });
    clock.advance(1000);
    const onAccount = await sell(t, 'account', { products: [line(9)], account_id: account });
    clock.advance(1000);
    const other = await sell(t, 'other', { products: [line(1)], reason: 'Bestuur' });
    expect((await undo(t, cash.transaction_id)).statusCode).toBe(200);

    const { status, body } = await recent(t);
    expect(status).toBe(200);
    expect(body.result.undoWindowMs).toBe(10 * 60_000);
    expect(body.result.sales.map((x) => x.transaction_id)).toEqual([other.transaction_id, onAccount.transaction_id, cash.transaction_id]);
    const [o, a, c] = body.result.sales;
    expect(o).toMatchObject({ method: 'other', amount: other.total, reason: 'Bestuur', accountName: null, undone: null });
    expect(a).toMatchObject({ method: 'account', amount: onAccount.total, accountName: 'Recent Renske', undone: null, products: [{ name: s.products[9]!.name, amount: 1 }] });
    expect(c).toMatchObject({ method: 'cash', amount: cash.total, undone: { by: t.username } });
    expect(new Date(c!.undoableUntil).getTime()).toBe(new Date(c!.createdAt).getTime() + 10 * 60_000);
  });

  it("shows only this register's sales: another till's are not there", async () => {
    const a = till();
    const b = till();
    const mine = await sell(a, 'cash', { products: [line(1)] });
    const theirs = await sell(b, 'cash', { products: [line(1)] });
    const ids = (await recent(a)).body.result.sales.map((x) => x.transaction_id);
    expect(ids).toContain(mine.transaction_id);
    expect(ids).not.toContain(theirs.transaction_id);
    // Another user of the same register sees the register's sales.
    expect((await recent({ ...a, sub: b.sub })).body.result.sales.map((x) => x.transaction_id)).toContain(mine.transaction_id);
  });

  it('keeps to the last ten, and drops a sale once its undo window has passed', async () => {
    const t = till();
    const first = await sell(t, 'cash', { products: [line(0)] });
    clock.advance(2 * 60_000);
    const later: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      later.push((await sell(t, 'cash', { products: [line(i % 5)] })).transaction_id);
      clock.advance(1000);
    }
    const now = (await recent(t)).body.result.sales.map((x) => x.transaction_id);
    expect(now).toEqual(later.slice(1).reverse());
    expect(now).not.toContain(first.transaction_id);

    const t2 = till();
    const old = await sell(t2, 'cash', { products: [line(0)] });
    clock.advance(10 * 60_000 - 1000);
    expect((await recent(t2)).body.result.sales.map((x) => x.transaction_id)).toEqual([old.transaction_id]);
    clock.advance(2000);
    expect((await recent(t2)).body.result.sales).toEqual([]);
  });

  it('counts the undo window of a sale made offline from when it arrived: listed and undoable, an old online one not', async () => {
    const t = till();
    const account = await s.createAccount('Offline Otto', 3000);
    const old = await sell(t, 'cash', { products: [line(1)] });
    clock.advance(30 * 60_000);
    // Made on the till 25 minutes ago, sent now that the network is back.
    const madeAt = new Date(clock.now().getTime() - 25 * 60_000).toISOString();
    const late = await sell(t, 'account', { products: [line(2)], account_id: account, madeAt });
    expect(await s.balance(account)).toBe(3000 - late.total);

    const listed = (await recent(t)).body.result.sales;
    expect(listed.map((x) => x.transaction_id)).toEqual([late.transaction_id]);
    expect(listed[0]!.createdAt).toBe(madeAt);
    expect(listed[0]!.receivedAt).toBe(clock.now().toISOString());
    expect(listed[0]!.undoableUntil).toBe(new Date(clock.now().getTime() + 10 * 60_000).toISOString());

    expect((await undo(t, old.transaction_id)).statusCode).toBe(409);
    const undone = await undo(t, late.transaction_id);
    expect(undone.statusCode).toBe(200);
    expect(await s.balance(account)).toBe(3000);
  });

  it('leaves out a sale that did not go through', async () => {
    const t = till();
    const broke = await s.createAccount('Lege Lotte', 0);
    const refused = await s.pay('account', { nonce: randomUUID(), products: [line(3)], account_id: broke }, BAR, t);
    expect(refused.json().errorIdentifier).toBe('insufficient_credits');
    expect((await recent(t)).body.result.sales).toEqual([]);
  });

  it('needs the undo capability', async () => {
    const res = await recent(till(), ['PAYMENT_CASH']);
    expect(res.status).toBe(403);
    expect(res.body.errorIdentifier).toBe('insufficient_permissions');
  });
});
