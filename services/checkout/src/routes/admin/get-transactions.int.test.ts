import type { Capability, TransactionView } from '@kassa/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CheckoutStack, startCheckoutStack, TestClock } from '@kassa/test-stack';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];

describe('GET /api/admin/transactions/', () => {
  let s: CheckoutStack;
  // 23:30 UTC on 14 March is 00:30 on 15 March in Amsterdam: the sale belongs to the bar's Sunday night.
  const clock = new TestClock(new Date('2026-03-14T23:30:00Z'));
  let regular: string;
  let topped: string;
  const list = async (query: string, admin = true) =>
    s.app.inject({ method: 'GET', url: `/api/admin/transactions/?${query}`, headers: { authorization: s.token(BAR, { isAdmin: admin }) } });
  const ids = (items: TransactionView[]) => items.map((t) => t.id);
  const sold: string[] = [];

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { clock });
    regular = await s.createAccount('Vaste Klant', 5000);
    topped = await s.createAccount('Nieuwe Klant', 0);
    const sales: [string, object][] = [
      ['cash', { products: [{ id: s.products[0]!.id, amount: 1 }] }],
      ['account', { products: [{ id: s.products[1]!.id, amount: 2 }], account_id: regular }],
      ['other', { products: [{ id: s.products[2]!.id, amount: 1 }], reason: 'Sponsor' }],
      ['cash', { products: [], upgrade_account_id: topped, upgrade_amount: 2000 }],
    ];
    for (const [method, body] of sales) {
      const res = await s.pay(method, { ...body, nonce: randomUUID() }, BAR, { username: 'barman' });
      sold.push(res.json().result.transaction_id);
      clock.advance(60_000);
    }
    clock.advance(24 * 3600_000);
    const nextDay = await s.pay('cash', { products: [{ id: s.products[3]!.id, amount: 1 }], nonce: randomUUID() }, BAR);
    sold.push(nextDay.json().result.transaction_id);
  });
  afterAll(async () => {
    await s.close();
  });

  it('is for administrators only', async () => {
    expect((await list('', false)).statusCode).toBe(403);
    expect((await s.app.inject({ method: 'GET', url: '/api/admin/transactions/' })).statusCode).toBe(401);
  });

  it('lists sales newest first, in pages', async () => {
    const first = (await list('page=1&perPage=2')).json().result;
    expect(first).toMatchObject({ total: 5, pageCount: 3 });
    expect(ids(first.items)).toEqual([sold[4], sold[3]]);
    const last = (await list('page=3&perPage=2')).json().result;
    expect(ids(last.items)).toEqual([sold[0]]);
    const topUpSale = first.items[1] as TransactionView;
    expect(topUpSale).toMatchObject({ method: 'cash', upgrade: { accountId: topped, accountName: 'Nieuwe Klant', amount: 2000 }, username: 'barman', status: 'completed' });
  });

  it('filters by method, by paying or topped-up account, and by local day', async () => {
    expect(ids((await list('method=other')).json().result.items)).toEqual([sold[2]]);
    const byAccount = (await list(`account=${regular}`)).json().result.items as TransactionView[];
    expect(ids(byAccount)).toEqual([sold[1]]);
    expect(byAccount[0]).toMatchObject({ accountName: 'Vaste Klant', total: 2 * s.products[1]!.price, day: '2026-03-15' });
    expect(ids((await list(`account=${topped}`)).json().result.items)).toEqual([sold[3]]);
    expect(ids((await list('day=2026-03-15')).json().result.items)).toEqual([sold[3], sold[2], sold[1], sold[0]]);
    expect(ids((await list('day=2026-03-16')).json().result.items)).toEqual([sold[4]]);
    expect((await list('day=15-03-2026')).statusCode).toBe(422);
    const impossible = await list('day=2026-13-45');
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json().detail).toEqual([expect.objectContaining({ loc: ['query', 'day'], msg: 'That date does not exist.' })]);
  });
});
