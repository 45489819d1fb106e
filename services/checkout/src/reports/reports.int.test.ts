import { CheckoutMethod, type Capability, type DayReport, type ReportOverview } from '@kassa/contracts';
import { migrationModel } from '@kassa/service-kit';
import { type CheckoutStack, pdfDrawnText, startCheckoutStack, TestClock } from '@kassa/test-stack';
import { accountModel } from '@kassa/test-stack/accounts';
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertSale, transactionModel, type NewSale, type TransactionDoc } from '../models/transaction.model';
import { REPORT_DAYS } from './day-sums';
import { migrateSaleHours } from './sale-hours';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO', 'DEPOSIT_RETURN'];
const ADMIN = { isAdmin: true, username: 'penningmeester' };
/** Sales through the till on this day (Saturday evening in Amsterdam). */
const TILL_DAY = '2026-03-14';
/** The generated evening of 2,000 sales. */
const EVENING = '2026-03-20';
const EVENING_SALES = 2000;

/** A small seeded random source (mulberry32): the same evening on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The report worked out in plain code from the stored sales: what the server's `$group`s must equal to the cent. */
function expectedFrom(sales: TransactionDoc[]) {
  const kept = sales.filter((t) => t.status === 'completed' && !t.undone);
  const undone = sales.filter((t) => t.status === 'completed' && t.undone);
  const perMethod = (list: TransactionDoc[], of: (t: TransactionDoc) => number) =>
    Object.fromEntries(CheckoutMethod.options.map((m) => [m, list.filter((t) => t.method === m).reduce((s, t) => s + of(t), 0)]));
  const lines = kept.flatMap((t) => t.products);
  const byCategory = new Map<string, { amount: number; revenue: number }>();
  for (const l of lines) {
    const key = `${l.categoryId}|${l.vatRate}`;
    const c = byCategory.get(key) ?? { amount: 0, revenue: 0 };
    c.amount += l.amount;
    c.revenue += l.price * l.amount;
    byCategory.set(key, c);
  }
  const returns = kept.flatMap((t) => t.returns);
  return {
    takings: perMethod(kept, (t) => t.total),
    counts: perMethod(kept, () => 1),
    topups: perMethod(
      kept.filter((t) => t.upgrade?.posted),
      (t) => t.upgrade!.amount,
    ),
    undos: { count: undone.length, total: undone.reduce((s, t) => s + t.total, 0), topups: undone.filter((t) => t.upgrade?.posted).reduce((s, t) => s + t.upgrade!.amount, 0) },
    deposits: {
      soldUnits: lines.filter((l) => l.deposit).reduce((s, l) => s + l.amount, 0),
      sold: lines.reduce((s, l) => s + (l.deposit ?? 0) * l.amount, 0),
      returnedUnits: returns.reduce((s, r) => s + r.amount, 0),
      returned: returns.reduce((s, r) => s + r.deposit * r.amount, 0),
    },
    byCategory,
    revenue: lines.reduce((s, l) => s + l.price * l.amount, 0),
    sales: kept.length,
  };
}

function expectReportToEqual(report: DayReport, sales: TransactionDoc[]) {
  const e = expectedFrom(sales);
  for (const row of report.takings) {
    expect(row.total, `takings ${row.method}`).toBe(e.takings[row.method]);
    expect(row.count, `count ${row.method}`).toBe(e.counts[row.method]);
  }
  for (const m of CheckoutMethod.options) expect(report.topups.find((t) => t.method === m)?.total ?? 0, `top-ups ${m}`).toBe(e.topups[m]);
  expect(report.undos).toMatchObject(e.undos);
  expect(report.deposits).toEqual(e.deposits);
  expect(report.categories.map((c) => [`${c.categoryId}|${c.vatRate}`, { amount: c.amount, revenue: c.revenue }])).toEqual(
    expect.arrayContaining([...e.byCategory].map(([k, v]) => [k, v])),
  );
  expect(report.categories).toHaveLength(e.byCategory.size);
  const takings = Object.values(e.takings).reduce((s, v) => s + v, 0);
  const topups = Object.values(e.topups).reduce((s, v) => s + v, 0);
  expect(report.totals).toEqual({ sales: e.sales, takings, topups, received: takings + topups, revenue: e.revenue });
  expect(report.otherByReason.reduce((s, r) => s + r.total, 0)).toBe(e.takings.other);
  expect(report.products.reduce((s, p) => s + p.revenue, 0)).toBe(e.revenue);
  // A sale's total is its products and deposits less the deposits paid back: the report's own sums agree.
  expect(takings).toBe(report.totals.revenue + report.deposits.sold - report.deposits.returned);
}

describe('reports: day report, its files and the treasurer view', () => {
  let s: CheckoutStack;
  // 19:00 UTC is 20:00 in Amsterdam on Saturday 14 March.
  const clock = new TestClock(new Date(`${TILL_DAY}T19:00:00Z`));
  const get = (url: string, over: object = ADMIN) => s.app.inject({ method: 'GET', url, headers: { authorization: s.token(BAR, over) } });
  const report = async (query: string) => {
    const res = await get(`/api/admin/reports/day?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as DayReport;
  };
  const stored = async (day: string) => (await transactionModel(s.app.db).find({ day }).lean()) as TransactionDoc[];
  let regular: string;
  let evening: NewSale[];

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { clock });
    regular = await s.createAccount('Vaste Klant', 10_000);
    const topped = await s.createAccount('Nieuwe Klant', 0);
    const [p0, p1, p2] = s.products;
    const withDeposit = s.depositProducts[0]!;
    const sales: [string, object, object?][] = [
      ['cash', { products: [{ id: p0!.id, amount: 2 }] }],
      ['cash', { products: [{ id: withDeposit.id, amount: 3 }], returns: [{ id: withDeposit.id, amount: 1 }] }],
      ['cash', { products: [], returns: [{ id: withDeposit.id, amount: 2 }] }],
      ['account', { products: [{ id: p1!.id, amount: 1 }, { id: p2!.id, amount: 2 }], account_id: regular }],
      ['self', { products: [{ id: p0!.id, amount: 1 }] }, { sub: s.memberUserId, username: 'member' }],
      ['other', { products: [{ id: p2!.id, amount: 1 }], reason: 'Sponsor' }],
      ['other', { products: [{ id: p0!.id, amount: 1 }], reason: 'Gemorst' }],
      ['cash', { products: [{ id: p1!.id, amount: 1 }], upgrade_account_id: topped, upgrade_amount: 2000 }],
    ];
    // The first cash sale and the account sale are undone at the till, right after.
    const undo = new Set([0, 3]);
    for (const [i, [method, body, over]] of sales.entries()) {
      const caps: Capability[] = method === 'self' ? ['PAYMENT_ACCOUNT_SELF'] : BAR;
      const res = await s.pay(method, { ...body, nonce: randomUUID() }, caps, over);
      expect(res.statusCode, res.body).toBe(200);
      if (undo.has(i)) {
        const undone = await s.app.inject({ method: 'POST', url: `/api/transactions/${res.json().result.transaction_id}/undo/`, headers: { authorization: s.token(BAR) } });
        expect(undone.statusCode, undone.body).toBe(200);
      }
      clock.advance(7 * 60_000);
    }

    // The generated evening: every method, deposits and returns, top-ups, "other" reasons, and a few undone.
    const rnd = random(49);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const pool = [
      ...s.products.slice(0, 6).map((p, i) => ({ ...p, deposit: 0, categoryId: s.categoryIds[i % s.categoryIds.length]!, vatRate: i % 3 === 0 ? 21 : 9 })),
      { ...withDeposit, categoryId: s.categoryIds[0]!, vatRate: 21 },
    ];
    evening = Array.from({ length: EVENING_SALES }, (_, i) => {
      const method = pick(CheckoutMethod.options);
      const lines = new Map<string, NewSale['products'][number]>();
      for (let n = 1 + Math.floor(rnd() * 3); n > 0; n--) {
        const p = pick(pool);
        const line = lines.get(p.id) ?? { productId: p.id, name: p.name, price: p.price, amount: 0, categoryId: p.categoryId, vatRate: p.vatRate, deposit: p.deposit };
        line.amount += 1 + Math.floor(rnd() * 4);
        lines.set(p.id, line);
      }
      const returns = method === 'cash' && rnd() < 0.1 ? [{ productId: withDeposit.id, name: withDeposit.name, deposit: withDeposit.deposit, amount: 1 + Math.floor(rnd() * 5) }] : [];
      const upgrade = (method === 'cash' || method === 'card') && rnd() < 0.08 ? { accountId: regular, amount: 500 * (1 + Math.floor(rnd() * 8)) } : null;
      const products = [...lines.values()];
      const at = new Date(Date.parse(`${EVENING}T16:00:00Z`) + i * 4_000);
      return {
        nonce: `evening-${i}`,
        payloadHash: 'generated',
        method,
        paymentMethod: `${method === 'self' ? 'account' : method}_payment` as NewSale['paymentMethod'],
        status: 'completed',
        products,
        returns,
        total: products.reduce((sum, l) => sum + (l.price + l.deposit) * l.amount, 0) - returns.reduce((sum, r) => sum + r.deposit * r.amount, 0),
        target: { accountId: null, cardSecretHash: null, self: method === 'self' },
        accountId: method === 'account' || method === 'self' ? regular : null,
        upgrade,
        upgradeAccountId: upgrade?.accountId ?? null,
        reason: method === 'other' ? pick(['Sponsor', 'Gemorst', 'Bestuur']) : null,
        registerId: null,
        userId: 'generated',
        username: 'barman',
        day: EVENING,
        madeDay: null,
        hour: Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', hourCycle: 'h23' }).format(at)),
        createdAt: at,
        receivedAt: null,
        shiftId: null,
        adultsOn: null,
      } satisfies NewSale;
    });
    for (let i = 0; i < evening.length; i += 100) await Promise.all(evening.slice(i, i + 100).map((sale) => insertSale(s.app.db, sale)));
    const Tx = transactionModel(s.app.db);
    await Tx.updateMany({ day: EVENING, 'upgrade.accountId': regular }, { $set: { 'upgrade.posted': true } });
    const undoneNonces = evening.filter((_, i) => i % 19 === 7).map((sale) => sale.nonce);
    await Tx.updateMany({ nonce: { $in: undoneNonces } }, { $set: { undone: { at: new Date(`${EVENING}T23:00:00Z`), by: 'barman', admin: false, note: null, balanceAfter: null, accountName: null, day: EVENING } } });
  }, 120_000);
  afterAll(async () => {
    await s.close();
  });

  it('is for administrators only, and says what is wrong with a query', async () => {
    expect((await s.app.inject({ method: 'GET', url: `/api/admin/reports/day?day=${TILL_DAY}` })).statusCode).toBe(401);
    for (const url of [`/api/admin/reports/day?day=${TILL_DAY}`, `/api/admin/reports/day.csv?day=${TILL_DAY}`, `/api/admin/reports/day.pdf?day=${TILL_DAY}`, '/api/admin/reports/overview?days=30']) {
      expect((await get(url, { isAdmin: false })).statusCode, url).toBe(403);
    }
    const both = await get(`/api/admin/reports/day?day=${TILL_DAY}&from=${TILL_DAY}&to=${TILL_DAY}`);
    expect(both.statusCode).toBe(422);
    expect(both.json().detail).toEqual([expect.objectContaining({ loc: ['query', 'day'], msg: 'Give a day, or a range with from and to, not both.' })]);
    expect((await get('/api/admin/reports/day')).statusCode).toBe(422);
    expect((await get('/api/admin/reports/day?from=2026-03-20&to=2026-03-14')).json().detail).toEqual([expect.objectContaining({ loc: ['query', 'to'], msg: 'The range ends before it starts.' })]);
    expect((await get('/api/admin/reports/day?from=2025-01-01&to=2026-03-14')).statusCode).toBe(422);
    expect((await get('/api/admin/reports/overview?days=31')).statusCode).toBe(422);
  });

  it("sums the till's sales by method, top-ups, undos, deposits and categories to the cent", async () => {
    const r = await report(`day=${TILL_DAY}`);
    const sales = await stored(TILL_DAY);
    expect(sales).toHaveLength(8);
    expectReportToEqual(r, sales);
    const [p0, p1, p2] = s.products;
    const withDeposit = s.depositProducts[0]!;
    // Known by hand: the undone cash sale and account sale are out of the takings and listed as undos.
    expect(r.undos).toMatchObject({ count: 2, total: 2 * p0!.price + p1!.price + 2 * p2!.price });
    expect(r.takings.find((m) => m.method === 'account')).toEqual({ method: 'account', count: 0, total: 0 });
    expect(r.takings.find((m) => m.method === 'self')).toEqual({ method: 'self', count: 1, total: p0!.price });
    expect(r.otherByReason).toEqual(
      expect.arrayContaining([
        { reason: 'Sponsor', count: 1, total: p2!.price },
        { reason: 'Gemorst', count: 1, total: p0!.price },
      ]),
    );
    expect(r.topups).toEqual([{ method: 'cash', count: 1, total: 2000 }]);
    expect(r.deposits).toEqual({ soldUnits: 3, sold: 3 * withDeposit.deposit, returnedUnits: 3, returned: 3 * withDeposit.deposit });
    expect(r.categories.every((c) => c.name !== 'Zonder categorie' || c.categoryId === null)).toBe(true);
  });

  it(`equals the sum of its sales per method to the cent on a generated evening of ${EVENING_SALES} sales`, async () => {
    const r = await report(`day=${EVENING}`);
    const sales = await stored(EVENING);
    expect(sales).toHaveLength(EVENING_SALES);
    expectReportToEqual(r, sales);
    expect(r.undos.count).toBe(Math.ceil((EVENING_SALES - 7) / 19));
    for (const reason of ['Sponsor', 'Gemorst', 'Bestuur']) expect(r.otherByReason.map((o) => o.reason)).toContain(reason);
    // A range adds the days up.
    const both = await report(`from=${TILL_DAY}&to=${EVENING}`);
    expectReportToEqual(both, [...(await stored(TILL_DAY)), ...sales]);
    expect(both).toMatchObject({ from: TILL_DAY, to: EVENING });
  });

  it('gives the report as CSV lines with a decimal comma', async () => {
    const r = await report(`day=${TILL_DAY}`);
    const res = await get(`/api/admin/reports/day.csv?day=${TILL_DAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kassa-dagrapport-${TILL_DAY}.csv"`);
    const lines = res.body.split('\r\n');
    const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    const self = r.takings.find((m) => m.method === 'self')!;
    expect(lines[0]).toBe('sectie;omschrijving;aantal;bedrag');
    expect(lines).toContain(`Omzet per betaalwijze;Eigen rekening;1;${euros(self.total)}`);
    expect(lines).toContain(`Omzet per betaalwijze;Totaal verkopen;${r.totals.sales};${euros(r.totals.takings)}`);
    expect(lines).toContain(`Opwaarderingen;Contant;1;20,00`);
    expect(lines).toContain(`Teruggedraaid (niet in de omzet);Totaal teruggedraaid;2;${euros(r.undos.total)}`);
    expect(lines).toContain(`Totaal;Ontvangen (verkopen en opwaarderingen);;${euros(r.totals.received)}`);
    expect((await get('/api/admin/reports/day.csv?day=2026-02-30')).statusCode).toBe(422);
  });

  it('gives the report as a PDF that opens and shows the totals', async () => {
    const r = await report(`day=${EVENING}`);
    const res = await get(`/api/admin/reports/day.pdf?day=${EVENING}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kassa-dagrapport-${EVENING}.pdf"`);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe(`Dagrapport ${EVENING}`);
    const drawn = pdfDrawnText(res.rawPayload);
    const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
    const euros = (cents: number) => euro.format(cents / 100);
    for (const text of ['Dagrapport', 'vrijdag 20 maart 2026', 'Totaal verkopen', euros(r.totals.received), euros(r.totals.takings), euros(r.totals.topups), euros(r.undos.total), euros(r.totals.revenue), String(r.totals.sales)]) {
      expect(drawn.has(text), text).toBe(true);
    }
  });

  it("gives the treasurer's view: takings per day by method, balances from accounts, top products and busiest hours", async () => {
    clock.current = new Date('2026-03-22T12:00:00Z');
    const res = await get('/api/admin/reports/overview?days=30');
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().result as ReportOverview;
    expect(o).toMatchObject({ from: '2026-02-21', to: '2026-03-22', days: 30 });
    const [tillDay, evening] = [await report(`day=${TILL_DAY}`), await report(`day=${EVENING}`)];
    expect(o.perDay.map((d) => d.day)).toEqual([TILL_DAY, EVENING]);
    for (const [row, r] of [
      [o.perDay[0]!, tillDay],
      [o.perDay[1]!, evening],
    ] as const) {
      expect(row.total).toBe(r.totals.takings);
      for (const m of r.takings) expect(row[m.method]).toBe(m.total);
    }
    // Balances: the accounts' balances now, positive ones held, negative ones owed.
    const balances = (await accountModel(s.accountsDb).find({}, { balance: 1 }).lean()).map((a) => a.balance);
    const held = balances.filter((b) => b > 0).reduce((sum, b) => sum + b, 0);
    const owed = -balances.filter((b) => b < 0).reduce((sum, b) => sum + b, 0);
    expect(o.balances).toEqual({ held, owed, accountsHeld: balances.filter((b) => b > 0).length, accountsOwing: balances.filter((b) => b < 0).length });
    expect(held).toBeGreaterThan(0);
    // Top products by units, ten at most, and their units agree with the day reports.
    expect(o.topProducts.length).toBeLessThanOrEqual(10);
    const units = new Map<string, number>();
    for (const p of [...tillDay.products, ...evening.products]) units.set(p.productId, (units.get(p.productId) ?? 0) + p.amount);
    for (const p of o.topProducts) expect(p.amount).toBe(units.get(p.productId));
    expect(o.topProducts[0]!.amount).toBe(Math.max(...units.values()));
    // Every hour listed; the sales counted in them are all the sales standing.
    expect(o.hours).toHaveLength(24);
    expect(o.hours.reduce((sum, h) => sum + h.count, 0)).toBe(tillDay.totals.sales + evening.totals.sales);
    expect(o.hours.find((h) => h.hour === 20)!.count).toBeGreaterThan(0);
    // 365 days takes the same days; an empty stretch has no rows.
    expect(((await get('/api/admin/reports/overview?days=365')).json().result as ReportOverview).perDay).toHaveLength(2);
    // Both days have ended: their sums are kept, and a change of one of their sales (an admin undo) is in the next view.
    expect(await s.app.db.collection(REPORT_DAYS).countDocuments({ _id: { $in: [TILL_DAY, EVENING] } } as object)).toBe(2);
    const sale = (await stored(EVENING)).find((t) => t.status === 'completed' && !t.undone && t.method === 'cash' && t.products.length > 0)!;
    const undone = await s.app.inject({ method: 'DELETE', url: `/api/admin/transactions/${String(sale._id)}/`, headers: { authorization: s.token([], ADMIN) } });
    expect(undone.statusCode, undone.body).toBe(200);
    const later = (await get('/api/admin/reports/overview?days=30')).json().result as ReportOverview;
    expect(later.perDay[1]).toMatchObject({ day: EVENING, cash: o.perDay[1]!.cash - sale.total, total: o.perDay[1]!.total - sale.total });
    expect(later.perDay[1]!.cash).toBe((await report(`day=${EVENING}`)).takings.find((m) => m.method === 'cash')!.total);
    expect(later.hours.reduce((sum, h) => sum + h.count, 0)).toBe(o.hours.reduce((sum, h) => sum + h.count, 0) - 1);
    clock.current = new Date('2027-03-22T12:00:00Z');
    expect(((await get('/api/admin/reports/overview?days=90')).json().result as ReportOverview).perDay).toEqual([]);
  });

  it('works out the hour of sales stored before sales kept it, once', async () => {
    const Tx = transactionModel(s.app.db);
    await Tx.updateMany({ day: TILL_DAY }, { $unset: { hour: 1 } });
    await migrationModel(s.app.db).deleteMany({ key: 'sale-hours' });
    await migrateSaleHours(s.app.db, new Date(), 'Europe/Amsterdam');
    const hours = (await stored(TILL_DAY)).map((t) => t.hour);
    // 19:00 UTC and the minutes after: 20:00 in Amsterdam (winter time).
    expect(new Set(hours)).toEqual(new Set([20]));
    expect(await migrationModel(s.app.db).countDocuments({ key: 'sale-hours' })).toBe(1);
  });
});
