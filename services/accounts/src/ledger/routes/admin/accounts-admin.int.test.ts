import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLogModel } from '../../models/audit-log.model';
import { postingModel } from '../../models/posting.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

const IBAN = 'NL91ABNA0417164300';
const BIC = 'ABNANL2A';

/** Accounts and ledgers as the board manages them, on the real accounts service (FerretDB and Redis). */
describe('account and ledger administration', () => {
  let app: AccountsTestApp;
  let admin = '';
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const create = async (body: object) => {
    const res = await call('POST', '/api/admin/accounts/', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { id: string; name: string; balance: number };
  };
  const upgrade = (id: string, body: object) => call('POST', `/api/admin/accounts/${id}/upgrade/`, { nonce: `n-${new Types.ObjectId().toHexString()}`, reason: '', ...body });
  const sale = (accountId: string, amount: number) =>
    internalPost(app, '/internal/ledger/postings', { target: { accountId }, amount: -amount, key: `sale-${new Types.ObjectId().toHexString()}`, kind: 'purchase', ref: 'test' });

  beforeAll(async () => {
    app = (await startAccountsTestApp(inject('mongoUri'), { seed: true })).app;
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await stopAccountsTestApp(app);
  });

  it('credits one admin top-up once for one nonce, sent twice and at the same moment, with method, reason and who in history and audit', async () => {
    const account = await create({ name: 'Noor Nonce' });
    const nonce = `topup-${new Types.ObjectId().toHexString()}`;
    const body = { amount: 1250, method: 'cash_payment', reason: 'Paid at the bar', nonce };
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => call('POST', `/api/admin/accounts/${account.id}/upgrade/`, body)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.filter((r) => !r.json().result.replay)).toHaveLength(1);
    const again = await call('POST', `/api/admin/accounts/${account.id}/upgrade/`, body);
    expect(again.json().result).toMatchObject({ balanceAfter: 1250, replay: true });

    expect(await postingModel(app.db).countDocuments({ accountId: new Types.ObjectId(account.id) })).toBe(1);
    const history = (await call('GET', `/api/admin/accounts/${account.id}/postings/`)).json().result;
    expect(history).toMatchObject({ total: 1, pageCount: 1 });
    expect(history.items[0]).toMatchObject({ kind: 'topup', amount: 1250, balanceAfter: 1250, method: 'cash_payment', reason: 'Paid at the bar', by: 'admin' });
    expect(history.items[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const audit = await auditLogModel(app.db).find({ entityId: account.id, action: 'account.upgrade' }).lean();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ who: { username: 'admin' }, before: { balance: 0 }, after: { balance: 1250, amount: 1250, method: 'cash_payment', reason: 'Paid at the bar' } });
    expect((await call('GET', `/api/admin/accounts/${account.id}/`)).json().result).toMatchObject({ balance: 1250, hasPin: false });
  });

  it('asks for a reason and a second confirmation before a correction takes a prepaid account below zero', async () => {
    const account = await create({ name: 'Cor Rectie' });
    expect((await upgrade(account.id, { amount: 500, method: 'transfer_payment' })).statusCode).toBe(200);
    const noReason = await upgrade(account.id, { amount: -800, method: 'correction' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail[0]).toMatchObject({ loc: ['body', 'reason'], msg: 'Say why: a correction needs a reason.' });
    const unconfirmed = await upgrade(account.id, { amount: -800, method: 'correction', reason: 'Counted twice' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().errorIdentifier).toBe('confirmation_required');
    const confirmed = await upgrade(account.id, { amount: -800, method: 'correction', reason: 'Counted twice', allowNegative: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().result.balanceAfter).toBe(-300);
    expect(await auditLogModel(app.db).countDocuments({ entityId: account.id, action: 'account.correction' })).toBe(1);
  });

  it('refuses a sale past a credit account limit with insufficient_credits; the limit is the setting unless the account has its own', async () => {
    const credit = await create({ name: 'Karel Krediet', creditAccount: true, iban: IBAN, bic: BIC });
    const view = (await call('GET', `/api/admin/accounts/${credit.id}/`)).json().result;
    expect(view).toMatchObject({ creditAccount: true, creditLimit: null, effectiveCreditLimit: 15_000, iban: IBAN, bic: BIC });
    expect((await sale(credit.id, 14_000)).statusCode).toBe(200);
    const past = await sale(credit.id, 1_500);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ errorIdentifier: 'insufficient_credits', errorMessage: 'Karel Krediet has insufficient credits in account.' });

    expect((await call('PATCH', `/api/admin/accounts/${credit.id}/`, { creditLimit: 20_000 })).json().result.effectiveCreditLimit).toBe(20_000);
    expect((await sale(credit.id, 1_500)).statusCode).toBe(200);
    expect((await sale(credit.id, 5_000)).statusCode).toBe(400);
  });

  it('answers the balance at the end of a Dutch day from the postings: held for members and owed by credit accounts; today equals the heads', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const res = await call('GET', `/api/admin/accounts/balance/?date=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const balance = res.json().result;
    const accounts = await app.accounts.ledger.settled().then(() => app.db.collection('accounts').find({}, { projection: { _id: 1 } }).toArray());
    let held = 0;
    let owed = 0;
    for (const a of accounts) {
      const head = await app.accounts.ledger.readHead(String(a._id));
      if (head.balanceAfter > 0) held += head.balanceAfter;
      else owed -= head.balanceAfter;
    }
    expect(balance).toMatchObject({ date: today, held, owed, net: held - owed });
    expect(owed).toBeGreaterThan(0);
    expect((await call('GET', '/api/admin/accounts/balance/?date=2000-01-01')).json().result).toMatchObject({ held: 0, owed: 0 });
    const bad = await call('GET', '/api/admin/accounts/balance/?date=2026-13-45');
    expect(bad.statusCode).toBe(422);
  });

  it('closes an account unused for more than a year with money on it by expiring the money, and refuses to close one that owes', async () => {
    const account = await create({ name: 'Slapende Sietske' });
    expect((await upgrade(account.id, { amount: 730, method: 'cash_payment' })).statusCode).toBe(200);
    // Made and last used 400 days ago: the terms let its balance expire.
    const longAgo = new Date(Date.now() - 400 * 24 * 3_600_000);
    await postingModel(app.db).updateMany({ accountId: new Types.ObjectId(account.id) }, { $set: { at: longAgo } });
    await app.db.collection('accounts').updateOne({ _id: new Types.ObjectId(account.id) }, { $set: { createdAt: longAgo } });
    // Four eyes (four-eyes.int.test.ts): another admin prepares the close, admin's close approves it.
    expect((await call('DELETE', `/api/admin/accounts/${account.id}/`, undefined, await loginAs(app, 'admin2'))).statusCode).toBe(202);
    const closed = await call('DELETE', `/api/admin/accounts/${account.id}/`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().result).toMatchObject({ expired: 730, account: { balance: 0 } });
    expect(closed.json().result.account.closedAt).not.toBeNull();
    const postings = await postingModel(app.db).find({ accountId: new Types.ObjectId(account.id) }).sort({ seq: 1 }).lean();
    expect(postings.map((p) => [p.kind, p.amount])).toEqual([
      ['topup', 730],
      ['expiry', -730],
    ]);
    expect((await sale(account.id, 100)).json().errorIdentifier).toBe('account_closed');
    expect((await call('DELETE', `/api/admin/accounts/${account.id}/`)).statusCode).toBe(409);
    expect((await call('GET', '/api/accounts/')).json().result.accounts.map((a: { id: string }) => a.id)).not.toContain(account.id);
    expect((await call('GET', '/api/admin/accounts/?closed=true&search=Sietske')).json().result.items).toHaveLength(1);
    expect((await call('GET', '/api/admin/accounts/?search=Sietske')).json().result.items).toHaveLength(0);

    const debtor = await create({ name: 'Schuldige Sem', creditAccount: true, iban: IBAN, bic: BIC });
    await sale(debtor.id, 420);
    const refused = await call('DELETE', `/api/admin/accounts/${debtor.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe('Schuldige Sem owes €\u00a04,20: collect it or book a correction before closing.');
  });

  it('lists accounts 15 a page with search and filters', async () => {
    const list = (q: string) => call('GET', `/api/admin/accounts/?${q}`).then((r) => r.json().result as { items: { name: string; creditAccount: boolean; balance: number; type: string }[]; total: number; pageCount: number });
    const first = await list('');
    expect(first.items).toHaveLength(15);
    expect(first.items.map((a) => a.name)).toEqual([...first.items.map((a) => a.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Each filter keeps what it names (the demo has such accounts, so an empty answer fails) and only that.
    const credit = (await list('credit=true')).items;
    expect(credit.map((a) => a.name)).toContain('1e Elftal');
    expect(credit.filter((a) => !a.creditAccount)).toEqual([]);
    const negative = (await list('negative=true')).items;
    expect(negative.map((a) => a.name)).toEqual(expect.arrayContaining(['Emma de Boer', 'Ivo van Leeuwen']));
    expect(negative.filter((a) => a.balance >= 0)).toEqual([]);
    const events = (await list('type=event')).items;
    expect(events.map((a) => a.name)).toContain('Feestweek 2026');
    expect(events.filter((a) => a.type !== 'event')).toEqual([]);
    expect((await list('search=krediet')).items.map((a) => a.name)).toEqual(['Karel Krediet']);
    expect((await call('GET', '/api/admin/accounts/?credit=maybe')).statusCode).toBe(422);
  });

  it('refuses bad input with SPEC 5 lines: amounts, IBAN, methods, unknown accounts', async () => {
    const account = await create({ name: 'Invoer Ingrid' });
    const lines = async (body: object) => {
      const res = await upgrade(account.id, body);
      expect(res.statusCode, res.body).toBe(422);
      return (res.json().detail as { msg: string }[]).map((d) => d.msg);
    };
    expect(await lines({ amount: 0, method: 'cash_payment' })).toEqual(['Please enter a non-zero amount.']);
    // Text where a number belongs: the wrong-type line of SPEC 5 ("Expected 'amount' to be of type 'number'.").
    const text = await upgrade(account.id, { amount: 'abc', method: 'cash_payment' });
    expect(text.json().detail).toEqual([{ loc: ['body', 'amount'], msg: 'expected number', type: 'type_error.number' }]);
    expect(await lines({ amount: 12.5, method: 'cash_payment' })).toEqual(['Please enter a valid number.']);
    expect(await lines({ amount: 100, method: 'account_payment' })).toEqual(['Choose a method: cash, card, bank transfer, other or correction.']);
    const unknown = await upgrade(new Types.ObjectId().toHexString(), { amount: 100, method: 'cash_payment' });
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', `/api/admin/accounts/${new Types.ObjectId().toHexString()}/`)).statusCode).toBe(404);

    const iban = async (fields: object) => (await call('PATCH', `/api/admin/accounts/${account.id}/`, fields)).json();
    expect((await iban({ creditAccount: true })).detail.map((d: { msg: string }) => d.msg)).toEqual(['Please enter an IBAN.', 'Please enter a BIC.']);
    expect((await iban({ iban: 'NL91ABNA0417164301' })).detail[0].msg).toBe('Invalid IBAN.');
    expect((await iban({ iban: 'nl91abna0417164300' })).detail[0].msg).toBe('IBAN must be uppercase.');
    expect((await iban({ iban: 'NL91 ABNA 0417 1643 00', bic: BIC })).result).toMatchObject({ iban: IBAN, bic: BIC });
    expect(await auditLogModel(app.db).countDocuments({ entityId: account.id, action: 'account.update' })).toBe(1);
  });

  it('lists the ledgers with their code and kind, edits them, and counts what a ledger covers', async () => {
    const ledgers = (await call('GET', '/api/admin/accounts/ledgers/?perPage=50')).json().result;
    expect(ledgers.items.map((l: { id: string }) => l.id)).toContain('corrections');
    const edited = await call('PUT', '/api/admin/accounts/ledgers/corrections/', { code: '4910', kind: 'expense' });
    expect(edited.json().result).toMatchObject({ id: 'corrections', name: 'Corrections and expiry', code: '4910', kind: 'expense' });
    expect(await auditLogModel(app.db).countDocuments({ entityId: 'corrections', action: 'ledger.update' })).toBe(1);
    expect((await call('PUT', '/api/admin/accounts/ledgers/nothing/', { code: '1', kind: 'asset' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/accounts/ledgers/cash/', { code: '1', kind: 'income' })).statusCode).toBe(422);

    const count = await call('GET', '/api/admin/ledgers/corrections/transactions/count/');
    expect(count.json().result.count).toBe(await postingModel(app.db).countDocuments({ kind: { $in: ['correction', 'expiry'] } }));
    expect(count.json().result.count).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/api/admin/ledgers/corrections/transactions/count/?start=2000-01-01&end=2000-01-31')).json().result.count).toBe(0);
    expect((await call('GET', '/api/admin/ledgers/corrections/transactions/count/?start=2026-02-01&end=2026-01-01')).statusCode).toBe(422);
  });
});
