import { nextBusinessDay, type Capability, type JournalEntry, type TerminalOutcome } from '@kassa/contracts';
import { accountModel, loginAs, postingModel } from '@kassa/test-stack/accounts';
import { type CheckoutStack, startCheckoutStack, TestClock, setBooksSettings } from '@kassa/test-stack';
import { localDay } from '@kassa/service-kit';
import { pino } from 'pino';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { directDebitFileProcessor } from '../direct-debit/jobs/direct-debit-file.job';

const TILL: Capability[] = ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_OTHER', 'PAYMENT_ACCOUNT_OTHER'];
const SELF: Capability[] = ['PAYMENT_ACCOUNT_SELF'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAYS = 28;
/** The ledgers money only passes through: each must net to zero on every day. */
const CLEARING = ['account_sales', 'bar_topups'];

/**
 * The month test of issue 50 §3: a generated month with every kind of movement on the real services (accounts and
 * checkout on one clock, payments, FerretDB): every sale method, every top-up method, undos of each on the day and on
 * a later day, invoices paid and credited (one of them an event tab's, sold to without balance and settled by it), a
 * direct-debit batch collected with one debit failed, late offline sales.
 * Per day each clearing ledger nets to zero, the journal balances, and its member-accounts line is the day's postings
 * to the cent.
 */
describe('a month of every kind of movement, booked day by day', { timeout: 600_000 }, () => {
  let s: CheckoutStack;
  let adminToken: string;
  const clock = new TestClock(new Date('2026-02-02T16:00:00Z'));
  const today = () => localDay(clock.now(), 'Europe/Amsterdam');
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  const admin = () => ({ authorization: s.token([], { isAdmin: true }) });
  /** Another admin: prepares the credit note and the collected batch, which admin's call then approves (four eyes). */
  const second = () => ({ authorization: s.token([], { isAdmin: true, sub: '64b7f0c2a1b2c3d4e5f60719', username: 'second' }) });

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { card: true, clock, accountsOnClock: true });
    adminToken = `Bearer ${await loginAs(s.accounts, 'admin')}`;
    await setBooksSettings(s, adminToken);
  });
  afterAll(async () => {
    await s.close();
  });

  const ok = async (res: Promise<{ statusCode: number; body: string; json: () => { result: unknown } }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json().result as Record<string, unknown>;
  };
  const pay = (method: string, body: object, caps = TILL, over = {}) => ok(s.pay(method, { nonce: randomUUID(), ...body }, caps, over));
  const undo = (id: unknown) => ok(s.app.inject({ method: 'DELETE', url: `/api/admin/transactions/${String(id)}/`, headers: admin() }));
  const checkout = (method: 'GET' | 'POST', url: string, payload?: object) => ok(s.app.inject({ method, url, headers: admin(), ...(payload ? { payload } : {}) }));
  const payments = (method: 'GET' | 'POST', url: string, payload?: object) => ok(s.payments!.inject({ method, url, headers: admin(), ...(payload ? { payload } : {}) }));
  const boardTopUp = (account: string, amount: number, method: string) =>
    ok(s.accounts.inject({ method: 'POST', url: `/api/admin/accounts/${account}/upgrade/`, headers: { authorization: adminToken }, payload: { amount, method, reason: 'month test', nonce: randomUUID() } }));
  const prepare = async (app: typeof s.app, url: string) => {
    const res = await app.inject({ method: 'POST', url, headers: second() });
    expect(res.statusCode, res.body).toBe(202);
  };
  const planTerminal = (outcomes: TerminalOutcome[]) => ok(s.payments!.inject({ method: 'PUT', url: '/api/admin/terminal/standin', headers: admin(), payload: { outcomes, delayMs: 0 } }));
  /** A card sale (with a top-up when given), waited for until the terminal's answer is in: its day must not move on. */
  const cardSale = async (body: object) => {
    await planTerminal(['completed']);
    const sale = await pay('card', body);
    await expect
      .poll(async () => (await s.app.inject({ method: 'POST', url: `/api/transactions/${String(sale.transaction_id)}/finish/`, headers: { authorization: s.token(TILL) } })).json().errorIdentifier, { timeout: 20_000, interval: 50 })
      .not.toBe('payment_not_finished');
    return sale;
  };
  const creditAccount = async (name: string) => {
    const id = await s.createAccount(name, 0, { credit: true });
    await accountModel(s.accountsDb).updateOne({ _id: id }, { $set: { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', mandateId: `KASSA-${id}`, mandateSignedAt: '2025-09-01' } });
    return id;
  };

  it('nets every clearing ledger to zero each day, and books exactly the postings of each day', async () => {
    const prepaid = await s.createAccount('Maand Marieke', 50_000);
    // The event runs a tab (issue 50 §4): sold to from € 0,00, invoiced, the paid invoice settles it.
    const event = await s.createAccount('Feestcommissie', 0);
    await ok(
      s.accounts.inject({
        method: 'PATCH',
        url: `/api/admin/accounts/${event}/`,
        headers: { authorization: adminToken },
        payload: { type: 'event', tab: true, tabLimit: 50_000, invoiceName: 'Feestcommissie', invoiceAddress: 'Kanaalweg 1\n1234 AB Utrecht' },
      }),
    );
    const credit = [await creditAccount('Krediet Karel'), await creditAccount('Krediet Kim')];
    await boardTopUp(s.memberAccountId, 20_000, 'cash_payment');
    const days: string[] = [];
    const invoices: string[] = [];
    let laterUndos: unknown[] = [];
    let batchId = '';

    for (let d = 0; d < DAYS; d++) {
      days.push(today());
      // What yesterday left to undo is undone today: each kind of sale, undone on a later day.
      for (const id of laterUndos) await undo(id);
      laterUndos = [];
      const cash = await pay('cash', { products: [line(d % 6), line(1)] });
      const other = await pay('other', { products: [line(2)], reason: 'Representatie' });
      const account = await pay('account', { products: [line(3, 2)], account_id: prepaid });
      const self = await pay('self', { products: [line(0)] }, SELF, { sub: s.memberUserId, username: 'member' });
      // Karel's debit fails on day 22 and his credit is switched off: Kim buys from then on.
      const onCredit = await pay('account', { products: [line(4)], account_id: credit[d < 22 ? d % 2 : 1]! });
      const cashTopUp = await pay('cash', { products: [line(1)], upgrade_account_id: prepaid, upgrade_amount: 1000 + d });
      if (d % 3 === 0) {
        const card = await cardSale({ products: [line(5)] });
        const cardTopUp = await cardSale({ products: [], upgrade_account_id: prepaid, upgrade_amount: 2500 });
        if (d % 6 === 0) await undo(card.transaction_id);
        else laterUndos.push(cardTopUp.transaction_id);
      }
      if (d >= 3 && d <= 5) await pay('account', { products: [line(1, 3), line(2)], account_id: event });
      // Undone the same day, and undone the day after.
      const sameDay = [cash, other, account, self, cashTopUp][d % 5]!;
      await undo(sameDay.transaction_id);
      laterUndos.push([onCredit, account, other, cash, self, cashTopUp][d % 6]!.transaction_id);
      if (d % 4 === 1) for (const method of ['cash_payment', 'card_admin_payment', 'transfer_payment', 'other_admin_payment']) await boardTopUp(prepaid, 500 + d, method);
      if (d % 7 === 2) await boardTopUp(prepaid, -150, 'correction');

      if (d === 6 || d === 13) {
        const [from, to] = d === 6 ? [days[3]!, days[5]!] : [days[3]!, days[3]!];
        // The second invoice bills the event account's sales of day 10-12 (none): a day with sales on it.
        const inv = await checkout('POST', '/api/admin/invoices/', d === 6 ? { accountId: event, from, to } : { accountId: prepaid, from: days[10]!, to: days[12]! });
        await checkout('POST', `/api/admin/invoices/${String(inv.id)}/finalise/`);
        invoices.push(String(inv.id));
      }
      if (d === 8) {
        expect(await s.balance(event)).toBeLessThan(0);
        await checkout('POST', `/api/admin/invoices/${invoices[0]}/pay/`);
        expect(await s.balance(event)).toBe(0);
      }
      if (d === 14) await checkout('POST', `/api/admin/invoices/${invoices[1]}/pay/`);
      if (d === 16) {
        await prepare(s.app, `/api/admin/invoices/${invoices[1]}/credit/`);
        await checkout('POST', `/api/admin/invoices/${invoices[1]}/credit/`);
      }

      if (d === 20) {
        const batch = await payments('POST', '/api/admin/direct_debit/', { collectionDate: nextBusinessDay(localDay(new Date(), 'Europe/Amsterdam')), cutoff: days[19]! });
        batchId = String(batch.id);
        expect(await directDebitFileProcessor({ db: s.payments!.db, log: pino({ level: 'silent' }) })({ data: { batchId } })).toBe('ready');
      }
      if (d === 21) {
        await prepare(s.payments!, `/api/admin/direct_debit/${batchId}/collected`);
        await payments('POST', `/api/admin/direct_debit/${batchId}/collected`);
      }
      if (d === 22) await payments('POST', `/api/admin/direct_debit/${batchId}/failed`, { accountId: credit[0], reason: 'MD06' });
      if (d === 24) {
        // Made on the till while offline yesterday evening and the day before, sent today.
        await pay('cash', { products: [line(2)], madeAt: new Date(clock.now().getTime() - 20 * HOUR).toISOString() });
        await pay('account', { products: [line(1)], account_id: prepaid, madeAt: new Date(clock.now().getTime() - 44 * HOUR).toISOString() });
      }
      clock.advance(DAY);
    }
    expect(invoices).toHaveLength(2);

    const csvLines: string[] = [];
    for (const day of days) {
      const entry = (await payments('GET', `/api/admin/exact/journal?day=${day}`)) as unknown as JournalEntry;
      const on = (id: string) => entry.lines.filter((l) => l.ledgerId === id).reduce((sum, l) => sum + l.amount, 0);
      for (const ledger of CLEARING) expect(on(ledger), `${ledger} on ${day}`).toBe(0);
      expect(entry.lines.reduce((sum, l) => sum + l.amount, 0), `balance on ${day}`).toBe(0);
      const postings = await postingModel(s.accountsDb).find({ day }).lean();
      expect(-on('member_accounts'), `member accounts on ${day}`).toBe(postings.reduce((sum, p) => sum + p.amount, 0));
      for (const l of entry.lines) expect(l.description, day).not.toMatch(/\(0\)/);
      csvLines.push(...entry.lines.map((l) => l.description));
    }
    // Every kind of movement reached the journal with its own line.
    for (const text of ['Sales paid by cash', 'Sales paid by card', 'Sales paid by other reasons', 'Sales paid by member accounts', 'Sales paid by own accounts', 'undone (', 'Top-ups paid by cash', 'Top-ups paid by card', 'top-up by the board (cash)', 'top-up by the board (card)', 'top-up by the board (bank transfer)', 'top-up by the board (other)', 'invoice paid', 'invoice refunded', 'undo of a till top-up', 'direct debit', 'correction']) {
      expect(csvLines.some((l) => l.includes(text)), text).toBe(true);
    }
    const csv = await s.payments!.inject({ method: 'GET', url: `/api/admin/exact/journal.csv?start=${days[0]}&end=${days.at(-1)}`, headers: admin() });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/Sales paid by cash \([1-9]\d*\)/);
    expect(csv.body).not.toMatch(/\(0\)/);
  });
});
