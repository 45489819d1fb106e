import { formatEuros, type Capability, type TerminalOutcome } from '@kassa/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CheckoutStack, pdfDrawnText, startCheckoutStack } from '@kassa/test-stack';
import { transactionModel } from '../models/transaction.model';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];
const ADMIN = { isAdmin: true, username: 'penningmeester', sub: '64b7f0c2a1b2c3d4e5f60720' };

describe('shifts and a counted drawer', () => {
  let s: CheckoutStack;
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  /** A register of its own per test: shifts are per register. */
  const newTill = () => ({ registerId: randomBytes(12).toString('hex'), username: `tap-${randomBytes(3).toString('hex')}` });
  type Till = ReturnType<typeof newTill>;
  const call = (till: Till, method: 'GET' | 'POST', url: string, payload?: object) =>
    s.app.inject({ method, url, headers: { authorization: s.token(BAR, till) }, ...(payload ? { payload } : {}) });
  const open = (till: Till, float: Record<string, number>) => call(till, 'POST', '/api/shifts/', { float });
  const current = async (till: Till) => {
    const res = await call(till, 'GET', '/api/shifts/current');
    expect(res.statusCode).toBe(200);
    return res.json().result.shift as { id: string; expected: number; status: string } | null;
  };
  const close = (till: Till, id: string, count: Record<string, number>, note?: string) => call(till, 'POST', `/api/shifts/${id}/close/`, { count, ...(note ? { note } : {}) });
  const sell = async (till: Till, method: string, body: object) => {
    const res = await s.pay(method, { nonce: randomUUID(), ...body }, BAR, till);
    expect(res.statusCode).toBe(200);
    return res.json().result as { transaction_id: string; total: number };
  };
  const shiftOf = async (saleId: string) => {
    const tx = await transactionModel(s.app.db).findById(saleId).lean();
    return tx?.shiftId ? String(tx.shiftId) : null;
  };
  const cashDifferences = async () => {
    const found = await s.accountsDb.collection('accounts').findOne({ type: 'system', name: 'Cash differences' });
    return found ? String(found._id) : null;
  };
  const setShiftSettings = (set: object) => s.accountsDb.collection('settings').updateOne({ key: 'global' }, { $set: set }, { upsert: true });

  beforeAll(async () => {
    // The settings are read at once (SALES_SETTINGS_CACHE_MS 0): the test switches cashWithoutShift off and on.
    s = await startCheckoutStack(inject('mongoUri'), { checkoutEnv: { SALES_SETTINGS_CACHE_MS: '0' } });
  });
  afterAll(async () => {
    await setShiftSettings({ cashWithoutShift: true, shiftNoteAbove: 500 });
    await s.close();
  });

  it('expects float + cash sales + cash top-ups - cash undone - safe drops, and books the difference once at the close', async () => {
    const till = newTill();
    const before = await sell(till, 'cash', { products: [line(1)] });
    expect(await shiftOf(before.transaction_id)).toBeNull();

    const opened = await open(till, { '5000': 2, '100': 3 });
    expect(opened.statusCode).toBe(200);
    const shift = opened.json().result as { id: string; float: number; expected: number; status: string };
    expect(shift).toMatchObject({ float: 10_300, expected: 10_300, status: 'open' });

    const account = await s.createAccount('Wissel Geld', 0);
    const sale = await sell(till, 'cash', { products: [line(2, 2)] });
    await sell(till, 'cash', { products: [], upgrade_account_id: account, upgrade_amount: 1500 });
    const undone = await sell(till, 'cash', { products: [line(3)] });
    const onAccount = await sell(till, 'account', { products: [line(4)], account_id: account });
    expect(await shiftOf(sale.transaction_id)).toBe(shift.id);
    expect(await shiftOf(onAccount.transaction_id)).toBe(shift.id);
    const undo = await s.app.inject({ method: 'POST', url: `/api/transactions/${undone.transaction_id}/undo/`, headers: { authorization: s.token(BAR, till) } });
    expect(undo.statusCode).toBe(200);
    // The sale made before the shift, undone during it: its cash comes out of this drawer.
    const undoBefore = await s.app.inject({ method: 'POST', url: `/api/transactions/${before.transaction_id}/undo/`, headers: { authorization: s.token(BAR, till) } });
    expect(undoBefore.statusCode).toBe(200);

    const drop = { nonce: randomUUID(), amount: 2000 };
    const drops = await Promise.all([1, 2].map(() => call(till, 'POST', `/api/shifts/${shift.id}/safe_drops/`, drop)));
    for (const res of drops) expect(res.statusCode).toBe(200);
    const zero = await call(till, 'POST', `/api/shifts/${shift.id}/safe_drops/`, { nonce: randomUUID(), amount: 0 });
    expect(zero.statusCode).toBe(422);

    const expected = 10_300 + sale.total + 1500 + undone.total - undone.total - before.total - 2000;
    expect((await current(till))!.expected).toBe(expected);
    const got = await call(till, 'GET', `/api/shifts/${shift.id}`);
    expect(got.json().result).toMatchObject({ expected, safeDrops: [{ amount: 2000, by: till.username }] });

    // Counted € 1,00 short (within the note threshold): closed without a note, the difference booked.
    const counted = expected - 100;
    const count = { '5000': Math.floor(counted / 5000), '5': (counted % 5000) / 5 };
    const closed = await close(till, shift.id, count);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().result).toMatchObject({ status: 'closed', expected, counted, difference: -100, closedBy: till.username, note: null });
    // This stack has no payments service: the close still happens, and says why the terminal's total is missing.
    expect(closed.json().result.card).toMatchObject({ count: 0, total: 0, terminal: { totals: null, note: expect.stringContaining("The terminal's total could not be read") } });
    expect(await s.postingsWithKey(`shift:${shift.id}:difference`)).toBe(1);
    expect(await current(till)).toBeNull();

    // A sale after the close joins no shift; the till's undo of a closed shift's sale is refused, an admin's is not.
    const after = await sell(till, 'cash', { products: [line(1)] });
    expect(await shiftOf(after.transaction_id)).toBeNull();
    const staffUndo = await s.app.inject({ method: 'POST', url: `/api/transactions/${sale.transaction_id}/undo/`, headers: { authorization: s.token(BAR, till) } });
    expect(staffUndo.statusCode).toBe(409);
    expect(staffUndo.json().errorMessage).toBe('This sale belongs to a shift that is closed; ask an administrator to undo it.');
    const adminUndo = await s.app.inject({ method: 'DELETE', url: `/api/admin/transactions/${sale.transaction_id}/`, headers: { authorization: s.token([], ADMIN) } });
    expect(adminUndo.statusCode).toBe(200);
    // The closed shift's count stays as it was closed.
    expect((await call(till, 'GET', `/api/shifts/${shift.id}`)).json().result).toMatchObject({ expected, difference: -100 });
  });

  it('puts an offline sale replayed after its shift closed in the next open shift of the register', async () => {
    const till = newTill();
    const first = (await open(till, { '1000': 1 })).json().result as { id: string };
    const madeAt = new Date(Date.now() - 60_000).toISOString();
    expect((await close(till, first.id, { '1000': 1 })).statusCode).toBe(200);

    const alone = await sell(till, 'cash', { products: [line(2)], madeAt });
    expect(await shiftOf(alone.transaction_id)).toBeNull();

    const next = (await open(till, { '1000': 2 })).json().result as { id: string };
    const replayed = await sell(till, 'cash', { products: [line(3)], madeAt });
    expect(await shiftOf(replayed.transaction_id)).toBe(next.id);
    expect((await current(till))!.expected).toBe(2000 + replayed.total);
    expect((await call(till, 'GET', `/api/shifts/${first.id}`)).json().result).toMatchObject({ expected: 1000, difference: 0 });
  });

  it('opens one shift per register when two opens come at once', async () => {
    const till = newTill();
    const answers = await Promise.all([open(till, { '2000': 1 }), open(till, { '2000': 1 })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().errorIdentifier).toBe('shift_open');
    expect((await current(till))!.id).toBe(answers.find((r) => r.statusCode === 200)!.json().result.id);
  });

  it('lets a register open again when a close was claimed but never let go of the register', async () => {
    const till = newTill();
    const shift = (await open(till, { '1000': 1 })).json().result as { id: string };
    // A process that died right after claiming the close: the close claim is there, the open claim still too.
    await s.app.db.collection('shiftclaims').insertOne({ key: `close:${shift.id}`, shiftId: new Types.ObjectId(shift.id), at: new Date() });
    expect((await close(till, shift.id, { '1000': 1 })).statusCode).toBe(409);
    const answers = await Promise.all([open(till, { '500': 1 }), open(till, { '500': 1 })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await current(till))!.id).toBe(answers.find((r) => r.statusCode === 200)!.json().result.id);
  });

  it('closes once when two closes come at once, and books the difference once', async () => {
    const till = newTill();
    const shift = (await open(till, { '1000': 3 })).json().result as { id: string };
    const system = await cashDifferences();
    const balanceBefore = system ? await s.balance(system) : 0;
    const answers = await Promise.all([close(till, shift.id, { '1000': 3, '200': 1 }), close(till, shift.id, { '1000': 3, '200': 1 })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().errorIdentifier).toBe('shift_closed');
    expect(await s.postingsWithKey(`shift:${shift.id}:difference`)).toBe(1);
    expect(await s.balance((await cashDifferences())!)).toBe(balanceBefore + 200);
    // Closed is closed: a later close and a safe drop are refused.
    expect((await close(till, shift.id, { '1000': 3 })).statusCode).toBe(409);
    expect((await call(till, 'POST', `/api/shifts/${shift.id}/safe_drops/`, { nonce: randomUUID(), amount: 100 })).statusCode).toBe(409);
  });

  it('asks a note for a difference above shiftNoteAbove', async () => {
    const till = newTill();
    const shift = (await open(till, { '1000': 1 })).json().result as { id: string };
    const refused = await close(till, shift.id, { '1000': 0 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'note'] })]);
    expect(await s.postingsWithKey(`shift:${shift.id}:difference`)).toBe(0);
    const closed = await close(till, shift.id, { '1000': 0 }, 'Tientje in de fooienpot');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().result).toMatchObject({ difference: -1000, note: 'Tientje in de fooienpot' });
  });

  it('refuses cash without an open shift when the setting cashWithoutShift is off', async () => {
    const till = newTill();
    await setShiftSettings({ cashWithoutShift: false });
    try {
      const res = await s.pay('cash', { nonce: randomUUID(), products: [line(1)] }, BAR, till);
      expect(res.statusCode).toBe(409);
      expect(res.json().errorIdentifier).toBe('shift_required');
      // A sale made offline is not refused for want of a shift: its money was taken already.
      await sell(till, 'cash', { products: [line(1)], madeAt: new Date(Date.now() - 60_000).toISOString() });
      // Other methods are not about the drawer.
      await sell(till, 'other', { products: [line(1)], reason: 'Representatie' });
      await open(till, { '500': 1 });
      await sell(till, 'cash', { products: [line(1)] });
    } finally {
      await setShiftSettings({ cashWithoutShift: true });
    }
  });

  it("reports a shift's sales per method to the cent, with its drawer, as JSON, PDF and CSV for the board only", async () => {
    const till = newTill();
    const shift = (await open(till, { '2000': 1, '50': 4 })).json().result as { id: string };
    const account = await s.createAccount('Dienst Rapport', 5000);
    const sales = [
      await sell(till, 'cash', { products: [line(1), line(2, 3)] }),
      await sell(till, 'cash', { products: [], upgrade_account_id: account, upgrade_amount: 1000 }),
      await sell(till, 'account', { products: [line(3)], account_id: account }),
      await sell(till, 'other', { products: [line(4, 2)], reason: 'Representatie' }),
    ];
    const undone = await sell(till, 'cash', { products: [line(2)] });
    expect((await s.app.inject({ method: 'POST', url: `/api/transactions/${undone.transaction_id}/undo/`, headers: { authorization: s.token(BAR, till) } })).statusCode).toBe(200);
    // Another register's sale at the same time is not in this shift's report.
    const other = newTill();
    await open(other, { '500': 1 });
    await sell(other, 'cash', { products: [line(1)] });
    const drop = { nonce: randomUUID(), amount: 500 };
    expect((await call(till, 'POST', `/api/shifts/${shift.id}/safe_drops/`, drop)).statusCode).toBe(200);
    const expected = 2200 + sales[0]!.total + 1000 - 500;
    expect((await close(till, shift.id, { '5000': 1 }, 'Briefje van vijftig gevonden')).statusCode).toBe(200);

    const admin = { authorization: s.token([], ADMIN) };
    const res = await s.app.inject({ method: 'GET', url: `/api/admin/shifts/${shift.id}/report`, headers: admin });
    expect(res.statusCode).toBe(200);
    const { shift: view, sales: report } = res.json().result;
    expect(view).toMatchObject({ id: shift.id, status: 'closed', expected, counted: 5000, difference: 5000 - expected, note: 'Briefje van vijftig gevonden' });
    const byMethod = Object.fromEntries(report.takings.map((r: { method: string; total: number; count: number }) => [r.method, [r.count, r.total]]));
    expect(byMethod).toMatchObject({ cash: [2, sales[0]!.total], account: [1, sales[2]!.total], other: [1, sales[3]!.total], card: [0, 0] });
    expect(report.topups).toEqual([{ method: 'cash', count: 1, total: 1000 }]);
    expect(report.undos).toMatchObject({ count: 1, total: undone.total });
    // The top-up's sale takes nothing for products: its euros are the top-up's.
    expect(report.totals).toMatchObject({ takings: sales[0]!.total + sales[2]!.total + sales[3]!.total, topups: 1000, received: sales[0]!.total + sales[2]!.total + sales[3]!.total + 1000 });
    expect(report.otherByReason).toEqual([{ reason: 'Representatie', count: 1, total: sales[3]!.total }]);

    const list = await s.app.inject({ method: 'GET', url: `/api/admin/shifts/?register=${till.registerId}`, headers: admin });
    expect(list.json().result).toMatchObject({ total: 1, items: [{ id: shift.id, difference: 5000 - expected }] });
    const pdf = await s.app.inject({ method: 'GET', url: `/api/admin/shifts/${shift.id}/report.pdf`, headers: admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfDrawnText(pdf.rawPayload);
    expect(text.has('Dienstrapport')).toBe(true);
    expect(text.has(till.registerId)).toBe(true);
    expect(text.has(formatEuros(expected))).toBe(true);
    expect(text.has('Briefje van vijftig gevonden')).toBe(true);
    const csv = await s.app.inject({ method: 'GET', url: `/api/admin/shifts/${shift.id}/report.csv`, headers: admin });
    expect(csv.body).toContain(`Dienst;Verwacht contant;;${(expected / 100).toFixed(2).replace('.', ',')}`);

    // The till's own staff see the shift, not the board's report.
    expect((await call(till, 'GET', `/api/admin/shifts/${shift.id}/report`)).statusCode).toBe(403);
    expect((await s.app.inject({ method: 'GET', url: `/api/admin/shifts/${new Types.ObjectId().toHexString()}/report`, headers: admin })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'GET', url: '/api/admin/shifts/not-an-id/report.pdf', headers: admin })).statusCode).toBe(422);
  });

  it("keeps another register's shift from a till", async () => {
    const till = newTill();
    const shift = (await open(till, { '500': 1 })).json().result as { id: string };
    expect((await call(newTill(), 'GET', `/api/shifts/${shift.id}`)).statusCode).toBe(404);
    expect((await call(newTill(), 'GET', `/api/shifts/current?register=${till.registerId}`)).statusCode).toBe(403);
  });
});

describe("a shift's card payments beside the terminal's own total", () => {
  let s: CheckoutStack;
  const CARD: Capability[] = ['PAYMENT_CARD', 'PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_UNDO'];
  const newTill = () => ({ registerId: randomBytes(12).toString('hex'), username: `pin-${randomBytes(3).toString('hex')}` });
  type Till = ReturnType<typeof newTill>;
  const headers = (till: Till) => ({ authorization: s.token(CARD, till) });
  const planTerminal = async (outcomes: TerminalOutcome[]) => {
    const res = await s.payments!.inject({ method: 'PUT', url: '/api/admin/terminal/standin', headers: { authorization: s.token([], { isAdmin: true }) }, payload: { outcomes, delayMs: 0 } });
    expect(res.statusCode).toBe(200);
  };
  /** A card sale at the till, waited for as the till waits: finished once the terminal answered (or refused). */
  const payByCard = async (till: Till, body: object) => {
    const res = await s.pay('card', { nonce: randomUUID(), ...body }, CARD, till);
    expect(res.statusCode).toBe(200);
    const id = res.json().result.transaction_id as string;
    const finish = () => s.app.inject({ method: 'POST', url: `/api/transactions/${id}/finish/`, headers: headers(till) });
    await expect.poll(async () => (await finish()).json().errorIdentifier ?? null, { timeout: 20_000, interval: 50 }).not.toBe('payment_not_finished');
    return (await finish()).json() as { error?: boolean; result?: { total: number } };
  };

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { card: true });
  });
  afterAll(async () => {
    await s.close();
  });

  it("closes with Kassa's card payments of the shift and the terminal's total for the register over the same period", async () => {
    const till = newTill();
    const other = newTill();
    const shift = (await s.app.inject({ method: 'POST', url: '/api/shifts/', headers: headers(till), payload: { float: { '1000': 1 } } })).json().result as { id: string };
    const account = await s.createAccount('Pin Opwaarder', 0);
    await planTerminal(['completed', 'cancelled', 'completed', 'completed']);
    const sold = await payByCard(till, { products: [{ id: s.products[2]!.id, amount: 2 }] });
    const refused = await payByCard(till, { products: [{ id: s.products[3]!.id, amount: 1 }] });
    const topUp = await payByCard(till, { products: [], upgrade_account_id: account, upgrade_amount: 1250 });
    // Another register's card payment is in that register's terminal total, not this one's.
    const elsewhere = await payByCard(other, { products: [{ id: s.products[1]!.id, amount: 1 }] });
    expect(sold.result).toBeDefined();
    expect(refused).toMatchObject({ error: true, errorIdentifier: 'transaction_not_finishable' });
    expect(topUp.result).toBeDefined();
    expect(elsewhere.result).toBeDefined();
    const taken = sold.result!.total + 1250;

    const open = await s.app.inject({ method: 'GET', url: `/api/shifts/${shift.id}`, headers: headers(till) });
    expect(open.json().result.card).toEqual({ count: 2, total: taken, terminal: null });
    const closed = await s.app.inject({ method: 'POST', url: `/api/shifts/${shift.id}/close/`, headers: headers(till), payload: { count: { '1000': 1 } } });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().result.card).toEqual({ count: 2, total: taken, terminal: { totals: { count: 2, total: taken }, note: null } });

    const admin = { authorization: s.token([], { isAdmin: true, username: 'penningmeester', sub: '64b7f0c2a1b2c3d4e5f60721' }) };
    const csv = await s.app.inject({ method: 'GET', url: `/api/admin/shifts/${shift.id}/report.csv`, headers: admin });
    const euros = (taken / 100).toFixed(2).replace('.', ',');
    expect(csv.body).toContain(`Dienst;Pin volgens Kassa (2x);;${euros}`);
    expect(csv.body).toContain(`Dienst;Pin volgens de terminal (2x);;${euros}`);
    expect(csv.body).toContain('Dienst;Verschil pin (terminal - Kassa);;0,00');
  });
});
