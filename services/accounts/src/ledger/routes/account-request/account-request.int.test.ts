import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../../models/account.model';
import { accountRequestModel } from '../../models/account-request.model';
import { auditLogModel } from '../../models/audit-log.model';
import { userModel } from '../../../identity/models/user.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

const IBAN = 'NL91ABNA0417164300';
const BIC = 'ABNANL2A';

describe('account requests: /setup and /admin/account_requests', () => {
  let app: AccountsTestApp;
  let admin: string;

  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => stopAccountsTestApp(app));

  /** A new member without an account, in the Members register (PAYMENT_ACCOUNT_SELF), signed in. */
  let counter = 0;
  async function newMember(): Promise<{ token: string; userId: string; username: string }> {
    counter += 1;
    const username = `new${counter}`;
    const newbie = await userModel(app.db).findOne({ username: 'newbie' }).lean();
    const created = await userModel(app.db).create({ username, passwordHash: newbie?.passwordHash, registerId: newbie?.registerId, displayName: `Nieuw Lid ${counter}` });
    return { token: await loginAs(app, username, 'newbie'), userId: String(created._id), username };
  }

  const ask = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/account_request/request', headers: bearer(token), payload: { pin: '2468', acceptTerms: true, ...payload } });
  const pending = async (token: string) => (await app.inject({ method: 'GET', url: '/api/account_request/pending', headers: bearer(token) })).json().result;
  const decide = (id: string, payload: Record<string, unknown>, token = admin) =>
    app.inject({ method: 'POST', url: `/api/admin/account_requests/${id}/status`, headers: bearer(token), payload });
  const config = async (token: string) => (await app.inject({ method: 'GET', url: '/api/config/', headers: bearer(token) })).json().result;

  it('request → pending → approve: the credit account exists with the chosen PIN and is linked to the user', async () => {
    const m = await newMember();
    expect(await pending(m.token)).toBeNull();
    const res = await ask(m.token, { creditAccount: true, iban: 'NL91 ABNA 0417 1643 00', bic: BIC, name: 'Jan de Vries' });
    expect(res.statusCode).toBe(200);
    const request = res.json().result;
    expect(request).toMatchObject({ status: 'pending', creditAccount: true, iban: IBAN, bic: BIC, name: 'Jan de Vries', username: m.username, accountId: null });
    expect(JSON.stringify(request)).not.toContain('pin');
    expect(await pending(m.token)).toMatchObject({ id: request.id, status: 'pending' });

    const approved = await decide(request.id, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().result).toMatchObject({ status: 'approved', accountId: request.id, decidedBy: 'admin' });

    const cfg = await config(m.token);
    expect(cfg.user.accountId).toBe(request.id);
    expect(cfg.showAccountRequest).toBe(false);
    const own = (await app.inject({ method: 'GET', url: '/api/account/', headers: bearer(m.token) })).json().result;
    expect(own).toMatchObject({ balance: 0, creditAccount: true, iban: IBAN, account: { name: 'Jan de Vries', hasPin: true } });
    expect(await pending(m.token)).toMatchObject({ status: 'approved', accountId: request.id });

    // The PIN chosen on the request pays at the till; a credit account may go below zero.
    const pay = (pin: string, key: string) =>
      internalPost(app, '/internal/ledger/postings', { target: { accountId: request.id }, amount: -350, key, kind: 'purchase', ref: 'x', pin, checkPin: true });
    expect((await pay('1111', 'req-pay-wrong')).json().errorIdentifier).toBe('invalid_account_pin');
    expect((await pay('2468', 'req-pay-right')).json().result.balanceAfter).toBe(-350);

    // The till's account list shows the new account at once.
    const bar = await loginAs(app, 'bar');
    const accounts = (await app.inject({ method: 'GET', url: '/api/accounts/', headers: bearer(bar) })).json().result.accounts;
    expect(accounts.find((a: { id: string }) => a.id === request.id)).toMatchObject({ name: 'Jan de Vries', directDebit: true });

    const audit = await auditLogModel(app.db).find({ entityType: 'account_request', entityId: request.id }).lean();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'account_request.approve', who: { username: 'admin' }, before: { status: 'pending' } });
    expect(audit[0]?.after).toMatchObject({ status: 'approved', accountId: request.id, creditAccount: true, iban: IBAN });
  });

  it('approving twice, also at once, makes one account, one link and one audit entry', async () => {
    const m = await newMember();
    const { id } = (await ask(m.token, { creditAccount: false })).json().result;
    const answers = await Promise.all([decide(id, { status: 'approved' }), decide(id, { status: 'approved' }), decide(id, { status: 'approved' })]);
    for (const a of answers) expect(a.json().result).toMatchObject({ status: 'approved', accountId: id });
    const again = await decide(id, { status: 'approved' });
    expect(again.statusCode).toBe(200);
    expect(await accountModel(app.db).countDocuments({ userId: m.userId })).toBe(1);
    expect((await userModel(app.db).findById(m.userId).lean())?.accountId?.toString()).toBe(id);
    expect(await auditLogModel(app.db).countDocuments({ entityType: 'account_request', entityId: id })).toBe(1);
    const account = await accountModel(app.db).findById(id).lean();
    // A prepaid request keeps no bank details, and the name defaults to the user's name.
    expect(account).toMatchObject({ creditAccount: false, iban: null, bic: null, name: 'Nieuw Lid 2' });
  });

  it('rejects with the note, lets the member see it and ask again; a later approval of the rejected request is refused', async () => {
    const m = await newMember();
    const { id } = (await ask(m.token, { creditAccount: false })).json().result;
    const rejected = await decide(id, { status: 'rejected', note: 'Please sign up as a member first.' });
    expect(rejected.json().result).toMatchObject({ status: 'rejected', note: 'Please sign up as a member first.', accountId: null });
    expect(await pending(m.token)).toMatchObject({ id, status: 'rejected', note: 'Please sign up as a member first.' });
    expect((await config(m.token)).user.accountId).toBeNull();
    expect(await auditLogModel(app.db).findOne({ entityId: id }).lean()).toMatchObject({ action: 'account_request.reject', after: { note: 'Please sign up as a member first.' } });

    const flip = await decide(id, { status: 'approved' });
    expect(flip.statusCode).toBe(409);
    expect(flip.json().errorIdentifier).toBe('conflict');
    expect(await accountModel(app.db).countDocuments({ userId: m.userId })).toBe(0);

    const second = await ask(m.token, { creditAccount: false });
    expect(second.statusCode).toBe(200);
    expect(await pending(m.token)).toMatchObject({ id: second.json().result.id, status: 'pending' });
  });

  it('keeps one pending request per user, also when two arrive at once', async () => {
    const m = await newMember();
    const answers = await Promise.all([ask(m.token, { creditAccount: false }), ask(m.token, { creditAccount: false }), ask(m.token, { creditAccount: false })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toMatchObject({ errorIdentifier: 'account_request_exists', errorMessage: 'You already have a pending account request.' });
    expect(await accountRequestModel(app.db).countDocuments({ userId: m.userId })).toBe(1);
  });

  it.each([
    [{ iban: 'NL91ABNA0417164301', bic: BIC }, [['iban', 'Invalid IBAN.']]],
    [{ iban: 'nl91abna0417164300', bic: BIC }, [['iban', 'IBAN must be uppercase.']]],
    [{ iban: '', bic: '' }, [['iban', 'Please enter an IBAN.'], ['bic', 'Please enter a BIC.']]],
    [{ iban: IBAN, bic: 'ABNA' }, [['bic', 'Invalid BIC.']]],
  ])('refuses a credit account with %j: 422 with the SPEC 5 lines', async (bank, lines) => {
    const m = await newMember();
    const res = await ask(m.token, { creditAccount: true, ...bank });
    expect(res.statusCode).toBe(422);
    expect(res.json().errorIdentifier).toBe('validation_error');
    expect(res.json().detail).toEqual(lines.map(([field, msg]) => ({ loc: ['body', field], msg, type: 'value_error' })));
    expect(await pending(m.token)).toBeNull();
  });

  it('refuses a request without the terms accepted or with a bad PIN', async () => {
    const m = await newMember();
    const noTerms = await ask(m.token, { creditAccount: false, acceptTerms: false });
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'acceptTerms'], msg: 'Please accept the terms and conditions.' })]);
    const shortPin = await ask(m.token, { creditAccount: false, pin: '123' });
    expect(shortPin.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'pin'], msg: 'Pin code does not contain precisely four digits.' })]);
  });

  it('refuses a request from a user who has an account, or who may not pay with an own account', async () => {
    const member = await ask(await loginAs(app, 'member'), { creditAccount: false });
    expect(member.statusCode).toBe(409);
    const till = await ask(await loginAs(app, 'till'), { creditAccount: false });
    expect(till.statusCode).toBe(403);
    expect(till.json().errorIdentifier).toBe('insufficient_permissions');
    expect((await app.inject({ method: 'POST', url: '/api/account_request/request', payload: { pin: '1234', creditAccount: false, acceptTerms: true } })).statusCode).toBe(401);
  });

  it('lets only admins list and decide requests', async () => {
    const m = await newMember();
    const { id } = (await ask(m.token, { creditAccount: false })).json().result;
    const member = await loginAs(app, 'member');
    const approve = await decide(id, { status: 'approved' }, member);
    expect(approve.statusCode).toBe(403);
    expect(approve.json().errorIdentifier).toBe('insufficient_permissions');
    expect((await app.inject({ method: 'GET', url: '/api/admin/account_requests', headers: bearer(member) })).statusCode).toBe(403);
    expect(await accountModel(app.db).countDocuments({ userId: m.userId })).toBe(0);
    expect((await decide('0123456789abcdef01234567', { status: 'approved' })).statusCode).toBe(404);
    expect((await decide(id, { status: 'maybe' })).statusCode).toBe(422);
  });

  it('lists requests newest first, filtered by status and paged', async () => {
    const list = async (query: string) => (await app.inject({ method: 'GET', url: `/api/admin/account_requests${query}`, headers: bearer(admin) })).json().result;
    const all = await list('?perPage=200');
    expect(all.total).toBe(all.items.length);
    const statuses = new Set(all.items.map((r: { status: string }) => r.status));
    expect(statuses).toEqual(new Set(['pending', 'approved', 'rejected']));
    const times = all.items.map((r: { createdAt: string }) => new Date(r.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const pendingOnly = await list('?status=pending');
    expect(pendingOnly.items.length).toBeGreaterThan(0);
    expect(pendingOnly.items.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(pendingOnly.total).toBe(all.items.filter((r: { status: string }) => r.status === 'pending').length);

    const page2 = await list('?perPage=2&page=2');
    expect(page2.items.map((r: { id: string }) => r.id)).toEqual(all.items.slice(2, 4).map((r: { id: string }) => r.id));
    expect(page2.pageCount).toBe(Math.ceil(all.total / 2));
    expect((await app.inject({ method: 'GET', url: '/api/admin/account_requests?status=unknown', headers: bearer(admin) })).statusCode).toBe(422);
  });

  it('stores the requested name cleaned (NFC, no bidi controls or zero-width characters), and the user\'s name for an empty one', async () => {
    const m = await newMember();
    const res = await ask(m.token, { creditAccount: false, name: 'Probe \u202Eevil.exe\u202C' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.name).toBe('Probe evil.exe');
    const stored = await accountRequestModel(app.db).findById(res.json().result.id).lean();
    expect(stored?.name).toBe('Probe evil.exe');

    const other = await newMember();
    const blank = await ask(other.token, { creditAccount: false, name: '\u200B \u202E' });
    expect(blank.json().result.name).toBe(`Nieuw Lid ${counter}`);
  });
});
