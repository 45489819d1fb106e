import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLogModel } from '../../../ledger/models/audit-log.model';
import { settingsModel } from '../../../models/settings.model';
import { userModel } from '../../models/user.model';
import { bearer, loginAs, startAccountsTestApp, stopAccountsTestApp, TestClock, type AccountsTestApp } from '../../../testing/accounts-test-app';

describe('two-factor sign-in', () => {
  let app: AccountsTestApp;
  const clock = new TestClock();
  let secret = '';
  let recoveryCodes: string[] = [];
  const codeAt = (offsetSteps = 0) => generateSync({ secret, epoch: Math.floor(clock.current.getTime() / 1000) + offsetSteps * 30 });
  const login = (tfaCode?: string, username = 'member') =>
    app.inject({ method: 'POST', url: '/api/login/', payload: { username, password: username, ...(tfaCode === undefined ? {} : { tfaCode }) } });
  const post = (url: string, token: string, payload?: object) => app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const config = async (token: string) => (await app.inject({ method: 'GET', url: '/api/config/', headers: bearer(token) })).json().result;

  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, deps: { now: clock.now } }));
    await settingsModel(app.db).updateOne({}, { $set: { requireTfa: true } });
  });
  afterAll(async () => stopAccountsTestApp(app));

  it('lets a user who has not enrolled sign in, and tells the shell to send them to enrolment', async () => {
    const token = await loginAs(app, 'member');
    expect(await config(token)).toMatchObject({ requireTfa: true, tfaEnabled: false });
  });

  it('enrols with a QR code and a confirmed code, answering ten one-time recovery codes', async () => {
    const token = await loginAs(app, 'member');
    const setup = await post('/api/user/tfa/setup', token);
    expect(setup.statusCode).toBe(200);
    const result = setup.json().result;
    secret = result.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(result.otpauthUrl).toBe(`otpauth://totp/Kassa:member?secret=${secret}&issuer=Kassa`);
    expect(result.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await post('/api/user/tfa/enable', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorIdentifier: 'invalid_tfa_code', errorMessage: 'Invalid code.' });
    expect((await config(token)).tfaEnabled).toBe(false);

    const enabled = await post('/api/user/tfa/enable', token, { code: codeAt() });
    expect(enabled.statusCode).toBe(200);
    recoveryCodes = enabled.json().result.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await config(token)).tfaEnabled).toBe(true);

    // Neither the secret nor a recovery code is readable from the database.
    const stored = JSON.stringify(await userModel(app.db).findOne({ username: 'member' }).lean());
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored).not.toContain(code);

    const again = await post('/api/user/tfa/setup', token);
    expect(again.statusCode).toBe(409);
    const audit = await app.inject({ method: 'GET', url: '/api/admin/audit_logs?action=user.tfa', headers: bearer(await loginAs(app, 'admin')) });
    expect(audit.json().result.items).toEqual([expect.objectContaining({ action: 'user.tfa.enable', actor: { id: expect.any(String), username: 'member' } })]);
  });

  it('refuses sign-in without a code with tfa_required (400, not 401), and a wrong code with invalid_tfa_code', async () => {
    clock.advance(60_000);
    const without = await login();
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      error: true,
      errorCode: 400,
      errorIdentifier: 'tfa_required',
      errorMessage: 'Enter the code from your authenticator app.',
      result: null,
    });
    const wrong = await login(codeAt() === '123456' ? '654321' : '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorIdentifier: 'invalid_tfa_code', errorMessage: 'Invalid code.' });
  });

  it('signs in with the current code, or the one of the step before, but each code only once', async () => {
    clock.advance(60_000);
    const current = await login(codeAt());
    expect(current.statusCode).toBe(200);
    expect(current.json().result.access_token).toEqual(expect.any(String));
    expect((await login(codeAt())).json().errorIdentifier).toBe('invalid_tfa_code');

    clock.advance(60_000);
    expect((await login(codeAt(-1))).statusCode).toBe(200);
    expect((await login(codeAt(-2))).json().errorIdentifier).toBe('invalid_tfa_code');
  });

  it('signs in with a recovery code once, however it is typed', async () => {
    const [first, second] = recoveryCodes as [string, string];
    expect((await login(first)).statusCode).toBe(200);
    const reused = await login(first);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errorIdentifier).toBe('invalid_tfa_code');
    expect((await login(second.toUpperCase().replace('-', ' '))).statusCode).toBe(200);
    const user = await userModel(app.db).findOne({ username: 'member' }).lean();
    expect(user?.tfaRecoveryHashes).toHaveLength(8);
  });

  it('locks sign-in for five minutes after five wrong codes, like a PIN', async () => {
    clock.advance(60_000);
    const wrongCode = codeAt() === '111111' ? '222222' : '111111';
    for (let i = 0; i < 4; i++) expect((await login(wrongCode)).json().errorIdentifier).toBe('invalid_tfa_code');
    const fifth = await login(wrongCode);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().errorIdentifier).toBe('too_many_requests');
    expect(fifth.json().errorMessage).toMatch(/^Too many wrong codes\. Try again in 5 minutes \(at \d\d:\d\d\)\.$/);
    expect((await login(codeAt())).statusCode).toBe(429);

    clock.advance(5 * 60_000 + 1000);
    expect((await login(codeAt())).statusCode).toBe(200);
  });

  it('turns off with a code, after which the password alone signs in again', async () => {
    clock.advance(60_000);
    // Still on: the password alone is refused for want of a code (not for any other reason).
    expect((await login()).json().errorIdentifier).toBe('tfa_required');
    const session = (await login(codeAt())).json().result.access_token as string;
    clock.advance(30_000);
    const wrong = await post('/api/user/tfa/disable', session, { code: recoveryCodes[0]! });
    expect(wrong.json().errorIdentifier).toBe('invalid_tfa_code');
    const off = await post('/api/user/tfa/disable', session, { code: codeAt() });
    expect(off.statusCode).toBe(200);
    expect(off.json().result).toEqual({ tfaEnabled: false });
    expect((await login()).statusCode).toBe(200);
    expect((await config(session)).tfaEnabled).toBe(false);
  });

  it('lets an administrator reset a user who lost the phone and the recovery codes, in the audit log', async () => {
    const till = await loginAs(app, 'till');
    const setup = (await post('/api/user/tfa/setup', till)).json().result;
    const code = generateSync({ secret: setup.secret, epoch: Math.floor(clock.current.getTime() / 1000) });
    expect((await post('/api/user/tfa/enable', till, { code })).statusCode).toBe(200);
    expect((await login(undefined, 'till')).json().errorIdentifier).toBe('tfa_required');

    const tillUser = await userModel(app.db).findOne({ username: 'till' }).lean();
    const notAdmin = await post(`/api/admin/users/${String(tillUser!._id)}/tfa/reset`, till);
    expect(notAdmin.statusCode).toBe(403);
    const reset = await post(`/api/admin/users/${String(tillUser!._id)}/tfa/reset`, await loginAs(app, 'admin'));
    expect(reset.statusCode).toBe(200);
    expect((await login(undefined, 'till')).statusCode).toBe(200);
    const entry = await auditLogModel(app.db).findOne({ action: 'user.tfa.reset' }).lean();
    expect(entry).toMatchObject({ who: { username: 'admin' }, entityId: String(tillUser!._id), before: { tfaEnabled: true }, after: { tfaEnabled: false } });
  });
});
