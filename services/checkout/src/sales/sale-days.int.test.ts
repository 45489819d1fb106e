import type { Capability, TransactionView } from '@kassa/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayRegisterModel, migrationModel } from '@kassa/service-kit';
import { transactionModel } from '../models/transaction.model';
import { type CheckoutStack, startCheckoutStack, TestClock } from '@kassa/test-stack';
import { SaleDays } from './sale-days';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_OTHER'];
const DAY = 24 * 3600_000;

/**
 * The register of sale days behind the admin list (real checkout on FerretDB): pages across days equal one plain
 * newest-first order, closed days get stored counts, a late sale for a closed day counts again, and the migration
 * registers the days of sales stored before the register existed.
 */
describe('sale days and the admin list across days', () => {
  let s: CheckoutStack;
  const clock = new TestClock(new Date('2026-05-01T18:00:00Z'));
  const sold: string[] = [];
  const list = async (query: string) =>
    (await s.app.inject({ method: 'GET', url: `/api/admin/transactions/?${query}`, headers: { authorization: s.token(BAR, { isAdmin: true }) } })).json().result as {
      items: TransactionView[];
      total: number;
      pageCount: number;
    };

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { clock });
    // Seven sales over four days, with a day without sales between.
    for (const [days, method] of [[0, 'cash'], [0, 'other'], [1, 'cash'], [1, 'cash'], [3, 'other'], [3, 'cash'], [3, 'cash']] as const) {
      clock.current = new Date(Date.parse('2026-05-01T18:00:00Z') + days * DAY + sold.length * 60_000);
      const body = method === 'other' ? { products: [{ id: s.products[0]!.id, amount: 1 }], reason: 'Sponsor' } : { products: [{ id: s.products[0]!.id, amount: 1 }] };
      const res = await s.pay(method, { ...body, nonce: randomUUID() }, BAR);
      expect(res.statusCode, res.body).toBe(200);
      sold.push(res.json().result.transaction_id as string);
    }
  });
  afterAll(async () => {
    await s.close();
  });

  it('pages newest first across days, 3 a page, with the total', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`page=${page}&perPage=3`)));
    expect(pages[0]).toMatchObject({ total: 7, pageCount: 3 });
    expect(pages.flatMap((p) => p.items.map((t) => t.id))).toEqual([...sold].reverse());
    const others = await list('method=other&perPage=15');
    expect(others.items.map((t) => t.id)).toEqual([sold[4], sold[1]]);
    expect(others.total).toBe(2);
  });

  it('stores the counts of closed days, and counts a day again when a late sale arrives for it', async () => {
    clock.current = new Date('2026-05-10T12:00:00Z');
    const days = new SaleDays(s.app.db, clock.now, 'Europe/Amsterdam');
    expect(await days.countClosedDays()).toBe(3);
    const stored = await dayRegisterModel(s.app.db, 'SaleDay').findOne({ day: '2026-05-04' }).lean();
    expect(stored?.counts).toMatchObject({ all: 3, cash: 2, other: 1, card: 0 });
    expect((await list('perPage=15')).total).toBe(7);

    await days.note('2026-05-02');
    expect((await dayRegisterModel(s.app.db, 'SaleDay').findOne({ day: '2026-05-02' }).lean())?.counts).toBeNull();
    expect(await days.countClosedDays()).toBe(1);
  });

  it('registers the days of sales stored before the register, once, and gives old top-ups their account field', async () => {
    const Tx = transactionModel(s.app.db);
    const old = await Tx.collection.insertOne({ ...(await Tx.findById(sold[0]).lean())!, _id: undefined as never, nonce: randomUUID(), day: '2026-04-20', createdAt: new Date('2026-04-20T12:00:00Z'), upgrade: { accountId: 'a'.repeat(24), amount: 500, posted: true } });
    await Tx.collection.updateOne({ _id: old.insertedId }, { $unset: { upgradeAccountId: '' } });
    await migrationModel(s.app.db).deleteMany({});
    const days = new SaleDays(s.app.db, clock.now, 'Europe/Amsterdam');
    await days.migrate();
    expect(await dayRegisterModel(s.app.db, 'SaleDay').exists({ day: '2026-04-20' })).toBeTruthy();
    expect((await Tx.findById(old.insertedId).lean())?.upgradeAccountId).toBe('a'.repeat(24));
    const byAccount = await list(`account=${'a'.repeat(24)}`);
    expect(byAccount.items.map((t) => t.id)).toEqual([String(old.insertedId)]);
    expect((await list('perPage=15')).total).toBe(8);
    await days.migrate();
    expect(await migrationModel(s.app.db).countDocuments({})).toBe(1);
  });
});
