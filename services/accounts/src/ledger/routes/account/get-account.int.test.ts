import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../../models/account.model';
import { auditLogModel } from '../../models/audit-log.model';
import { userModel } from '../../../identity/models/user.model';
import { LOGIN_LIMITS, LOGIN_WINDOW_MS } from '../../../identity/security/login-guard';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, TestClock, type AccountsTestApp } from '../../../testing/accounts-test-app';

describe('own account: GET /api/account/ and POST /api/account/pin', () => {
  const clock = new TestClock(new Date('2026-07-20T10:00:00Z'));
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, deps: { now: clock.now } }));
  });
  afterAll(async () => stopAccountsTestApp(app));

  const getAccount = async (token: string) => app.inject({ method: 'GET', url: '/api/account/', headers: bearer(token) });

  it("shows the member their prepaid account's balance, without a direct debit", async () => {
    const res = await getAccount(await loginAs(app, 'member'));
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      balance: 2500,
      creditAccount: false,
      iban: null,
      account: { name: 'Marit de Member', type: 'member', hasPin: true },
      sepa: null,
    });
  });

  it('answers no_linked_account to a user without an account', async () => {
    const res = await getAccount(await loginAs(app, 'newbie'));
    expect(res.statusCode).toBe(404);
    expect(res.json().errorIdentifier).toBe('no_linked_account');
  });

  it('shows a credit account below zero the coming direct debit: date, amount due and IBAN', async () => {
    const emma = await accountModel(app.db).findOne({ name: 'Emma de Boer' }).lean();
    await userModel(app.db).updateOne({ username: 'newbie' }, { $set: { accountId: emma?._id } });
    const res = await getAccount(await loginAs(app, 'newbie'));
    const result = res.json().result;
    expect(result).toMatchObject({ balance: -1250, creditAccount: true });
    // 1 August 2026 is a Saturday.
    expect(result.sepa).toEqual({ execDate: '2026-08-03', balance: 1250, iban: emma?.iban, cutoff: null });
    expect(result.iban).toMatch(/^NL\d{2}[A-Z]{4}\d{10}$/);
  });

  it('shows the balance of the ledger, including postings made since sign-in', async () => {
    const token = await loginAs(app, 'member');
    const member = await userModel(app.db).findOne({ username: 'member' }).lean();
    await internalPost(app, '/internal/ledger/postings', { target: { userId: String(member?._id) }, amount: -300, key: 'self-view-1', kind: 'purchase', ref: 'x' });
    expect((await getAccount(token)).json().result.balance).toBe(2200);
  });

  it('changes a PIN that is set only with the current PIN or the password', async () => {
    const token = await loginAs(app, 'member');
    const change = (payload: object) => app.inject({ method: 'POST', url: '/api/account/pin', headers: bearer(token), payload });
    const missing = await change({ pin: '5555' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'current'], msg: 'Enter your current PIN code or your password.' })]);
    expect((await change({ pin: '5555', current: '9999' })).json().errorIdentifier).toBe('invalid_account_pin');
    expect((await change({ pin: '5555', current: 'not-my-password' })).json()).toMatchObject({ errorIdentifier: 'invalid_credentials', errorMessage: 'That is not your current PIN code or password.' });
    expect((await change({ pin: '1234', current: 'member' })).statusCode).toBe(200);
  });

  it('limits wrong current PINs like the till and wrong current passwords like sign-in, per username', async () => {
    clock.advance(LOGIN_WINDOW_MS + 1000); // the wrong password of the test above no longer counts
    const token = await loginAs(app, 'member');
    const change = (payload: object) => app.inject({ method: 'POST', url: '/api/account/pin', headers: bearer(token), payload });
    // PINs: the till's lock-out (the 5th wrong one locks, then even the right PIN is refused).
    for (const wrong of ['0000', '0001', '0002', '0003']) expect((await change({ pin: '5555', current: wrong })).json().errorIdentifier).toBe('invalid_account_pin');
    expect((await change({ pin: '5555', current: '0004' })).json().errorIdentifier).toBe('pin_locked');
    expect((await change({ pin: '5555', current: '1234' })).json()).toMatchObject({ errorIdentifier: 'pin_locked' });
    // Passwords: the failed sign-in limit of the username at this address, shared with POST /api/login/.
    for (let i = 0; i < LOGIN_LIMITS.userAtAddress; i++) expect((await change({ pin: '5555', current: `guess-${i}` })).json().errorIdentifier).toBe('invalid_credentials');
    const refused = await change({ pin: '5555', current: 'member' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ errorIdentifier: 'too_many_requests', errorMessage: expect.stringMatching(/^Too many failed sign-ins/) });
    const login = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'member', password: 'member' } });
    expect(login.json().errorIdentifier).toBe('too_many_requests');
    // Once the window has passed the password works again, and a new PIN lifts the PIN lock-out.
    clock.advance(LOGIN_WINDOW_MS + 1000);
    expect((await change({ pin: '1234', current: 'member' })).statusCode).toBe(200);
    expect((await change({ pin: '1234', current: '1234' })).statusCode).toBe(200);
  });

  it('sets a new PIN: the old one stops working, the new one pays', async () => {
    const token = await loginAs(app, 'member');
    const res = await app.inject({ method: 'POST', url: '/api/account/pin', headers: bearer(token), payload: { pin: '4321', current: '1234' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ hasPin: true });
    const member = await userModel(app.db).findOne({ username: 'member' }).lean();
    const pay = (pin: string, key: string) =>
      internalPost(app, '/internal/ledger/postings', { target: { userId: String(member?._id) }, amount: -100, key, kind: 'purchase', ref: 'x', pin, checkPin: true });
    expect((await pay('1234', 'newpin-old')).json().errorIdentifier).toBe('invalid_account_pin');
    expect((await pay('4321', 'newpin-new')).statusCode).toBe(200);
    const audit = await auditLogModel(app.db).findOne({ action: 'account.pin.set' }).lean();
    expect(audit).toMatchObject({ who: { username: 'member' }, entityType: 'account', entityId: String(member?.accountId) });
    expect(JSON.stringify(audit)).not.toContain('4321');
  });

  it('refuses an empty PIN with one line for the pin field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/account/pin', headers: bearer(await loginAs(app, 'member')), payload: { pin: '', current: '1234' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'pin'], msg: 'Please enter a pin code.' })]);
  });

  it.each([
    ['12a', 'Pin code cannot contain letters.'],
    ['12a4', 'Pin code cannot contain letters.'],
    ['123', 'Pin code does not contain precisely four digits.'],
  ])('refuses the PIN "%s" with "%s"', async (pin, message) => {
    const res = await app.inject({ method: 'POST', url: '/api/account/pin', headers: bearer(await loginAs(app, 'member')), payload: { pin, current: '1234' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'pin'], msg: message })]);
  });
});
