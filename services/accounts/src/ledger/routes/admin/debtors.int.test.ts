import type { DebtorsResult } from '@kassa/contracts';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postingModel } from '../../models/posting.model';
import { noticeModel } from '../../../notices/models/notice.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

const IBAN = 'NL91ABNA0417164300';
const BIC = 'ABNANL2A';

/** The board's debtors list on the real accounts service (FerretDB): who is below zero, since when, last payment. */
describe('GET /api/admin/debtors/', () => {
  let app: AccountsTestApp;
  let admin = '';
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const create = async (body: object) => ((await call('POST', '/api/admin/accounts/', body)).json().result as { id: string }).id;
  const post = async (accountId: string, amount: number, kind: string) => {
    const res = await internalPost(app, '/internal/ledger/postings', { target: { accountId }, amount, key: `${kind}-${new Types.ObjectId().toHexString()}`, kind, ref: 'test' });
    expect(res.statusCode, res.body).toBe(200);
  };
  const postingAt = async (accountId: string, seq: number) => (await postingModel(app.db).findOne({ accountId: new Types.ObjectId(accountId), seq }).lean())!.at.toISOString();
  const mine = (r: DebtorsResult, ids: string[]) => r.items.filter((d) => ids.includes(d.accountId));
  let credit = '';
  let tab = '';
  let paidUp = '';

  beforeAll(async () => {
    app = (await startAccountsTestApp(inject('mongoUri'), { seed: true })).app;
    admin = await loginAs(app, 'admin');
    credit = await create({ name: 'Dirk Debiteur', creditAccount: true, iban: IBAN, bic: BIC });
    tab = await create({ name: 'Feest Tab', type: 'event', tab: true, tabLimit: null, invoiceName: 'Feest BV', invoiceAddress: 'Straat 1' });
    paidUp = await create({ name: 'Pim Betaald', creditAccount: true, iban: IBAN, bic: BIC });
    // Credit: below zero (seq 1), paid back above (seq 2, a top-up), below again at seq 3 and further at seq 4.
    await post(credit, -1_000, 'purchase');
    await post(credit, 1_500, 'topup');
    await post(credit, -800, 'purchase');
    await post(credit, -400, 'purchase');
    await post(tab, -2_500, 'purchase');
    await post(paidUp, -300, 'purchase');
    await post(paidUp, 300, 'ideal');
  });
  afterAll(async () => {
    await stopAccountsTestApp(app);
  });

  it('lists the accounts below zero, most owed first, with since when and the last payment, and their total', async () => {
    const res = await call('GET', '/api/admin/debtors/?perPage=200');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().result as DebtorsResult;
    expect(mine(result, [credit, tab, paidUp])).toEqual([
      { accountId: tab, name: 'Feest Tab', type: 'event', kind: 'tab', owed: 2_500, since: await postingAt(tab, 1), lastPayment: null, debitFailed: null, reminders: 0, blockedFrom: null, blocked: false },
      {
        accountId: credit,
        name: 'Dirk Debiteur',
        type: 'member',
        kind: 'credit',
        owed: 700,
        since: await postingAt(credit, 3),
        lastPayment: { at: await postingAt(credit, 2), amount: 1_500, kind: 'topup' },
        debitFailed: null,
        reminders: 0,
        blockedFrom: null,
        blocked: false,
      },
    ]);
    expect(result.owed).toBe(result.items.reduce((sum, d) => sum + d.owed, 0));
    expect(result.items.every((d) => d.owed > 0)).toBe(true);
  });

  it('filters by kind and by a reversed debit, and pages', async () => {
    const tabs = (await call('GET', '/api/admin/debtors/?kind=tab&perPage=200')).json().result as DebtorsResult;
    expect(tabs.items.every((d) => d.kind === 'tab')).toBe(true);
    expect(tabs.items.map((d) => d.accountId)).toContain(tab);
    const failed = (await call('GET', '/api/admin/debtors/?failed=true')).json().result as DebtorsResult;
    expect(failed.items.map((d) => d.accountId)).not.toContain(credit);
    const first = (await call('GET', '/api/admin/debtors/?perPage=1')).json().result as DebtorsResult;
    expect(first.items).toHaveLength(1);
    expect(first.pageCount).toBe(first.total);
    expect((await call('GET', '/api/admin/debtors/?kind=nobody')).statusCode).toBe(422);
  });

  it('gives the same rows as CSV for a Dutch spreadsheet', async () => {
    const res = await call('GET', '/api/admin/debtors/csv?kind=credit');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('account;kind;owed;below zero since;last payment;last payment amount;debit reversed on;debit reversed amount;reminders sent;blocked from;blocked');
    const since = (await postingAt(credit, 3)).slice(0, 10);
    const paid = (await postingAt(credit, 2)).slice(0, 10);
    expect(lines).toContain(`Dirk Debiteur;Credit account;7,00;${since};${paid};15,00;;;0;;no`);
    expect(lines.some((l) => l.startsWith('Feest Tab;'))).toBe(false);
  });

  it('says how many reminders went out since a reversed debit and whether the account is blocked, a filter and the CSV too', async () => {
    const late = await create({ name: 'Laat Betaler', creditAccount: true, iban: IBAN, bic: BIC });
    const fresh = await create({ name: 'Vers Gestorneerd', creditAccount: true, iban: IBAN, bic: BIC });
    await post(late, -4_000, 'purchase');
    await post(fresh, -1_000, 'purchase');
    const batch = 'f'.repeat(24);
    const failedAt = new Date(Date.now() - 40 * 86_400_000);
    for (const [id, at] of [[late, failedAt], [fresh, new Date()]] as const) {
      expect((await internalPost(app, `/internal/accounts/${id}/direct-debit-failure`, { batchId: batch, amount: 1_000, at: at.toISOString() })).statusCode).toBe(200);
    }
    // The reminders as the notices job records them: one per user and reminder, an earlier batch's not counted.
    const users = [new Types.ObjectId(), new Types.ObjectId()];
    const reminder = (b: string, n: number, user: Types.ObjectId) => ({
      key: `debit.reminder:${b}:${late}:${n}:${String(user)}`,
      userId: user,
      accountId: new Types.ObjectId(late),
      kind: 'debit.reminder',
      to: null,
      language: 'nl',
      subject: 'Herinnering',
      text: '-',
      createdAt: new Date(),
    });
    await noticeModel(app.db).insertMany([reminder(batch, 1, users[0]!), reminder(batch, 1, users[1]!), reminder(batch, 2, users[0]!), reminder('0'.repeat(24), 1, users[0]!)]);

    const blocked = (await call('GET', '/api/admin/debtors/?blocked=true&perPage=200')).json().result as DebtorsResult;
    expect(blocked.items.map((d) => d.accountId)).toContain(late);
    expect(blocked.items.map((d) => d.accountId)).not.toContain(fresh);
    expect(blocked.items.find((d) => d.accountId === late)).toMatchObject({ reminders: 2, blocked: true, blockedFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const all = (await call('GET', '/api/admin/debtors/?failed=true&perPage=200')).json().result as DebtorsResult;
    expect(all.items.find((d) => d.accountId === fresh)).toMatchObject({ reminders: 0, blocked: false });
    const csv = (await call('GET', '/api/admin/debtors/csv?blocked=true')).body.trim().split('\r\n');
    expect(csv.find((l) => l.startsWith('Laat Betaler;'))).toMatch(/;2;\d{4}-\d{2}-\d{2};yes$/);
    expect(csv.some((l) => l.startsWith('Vers Gestorneerd;'))).toBe(false);
  });
});
