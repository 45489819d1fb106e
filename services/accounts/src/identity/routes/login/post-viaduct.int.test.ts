import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userModel } from '../../models/user.model';
import { DEV_PIN_PEPPER } from '../../../config';
import { newTotpSecret } from '../../security/tfa';
import { TfaGuard } from '../../security/tfa-guard';
import { STANDIN_CODE_TTL_MS } from '../../sso/standin-adapter';
import { bearer, startAccountsTestApp, stopAccountsTestApp, TestClock, type AccountsTestApp } from '../../../testing/accounts-test-app';

const CALLBACK = 'http://localhost:8080/login/callback';

describe('single sign-on with the stand-in Viaduct provider', () => {
  const clock = new TestClock();
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, deps: { now: clock.now } }));
  });
  afterAll(async () => stopAccountsTestApp(app));

  /** What the browser does: start, open the provider page, press "Log in", land on the callback with a code. */
  async function signInAtProvider(name: string, viaductId: string, state = 'st-1'): Promise<URL> {
    const start = await app.inject({ method: 'GET', url: `/api/login/oauth/viaduct/start?redirect_uri=${encodeURIComponent(CALLBACK)}&state=${state}` });
    expect(start.statusCode).toBe(302);
    const authorize = String(start.headers.location);
    expect(authorize.startsWith('/api/sso/standin/authorize?')).toBe(true);
    const page = await app.inject({ method: 'GET', url: authorize });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Log in');
    const form = new URLSearchParams({ redirect_uri: CALLBACK, state, name, viaduct_id: viaductId });
    const login = await app.inject({
      method: 'POST',
      url: '/api/sso/standin/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(login.statusCode).toBe(302);
    return new URL(String(login.headers.location));
  }

  const exchange = (code: string) => app.inject({ method: 'POST', url: '/api/login/oauth/viaduct/', payload: { code } });

  it('creates the user on first sign-in, in the Members register, and offers them an account', async () => {
    const back = await signInAtProvider('Sanne Bakker', '7001', 'xyz');
    expect(back.origin + back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('xyz');
    const res = await exchange(back.searchParams.get('code') ?? '');
    expect(res.statusCode).toBe(200);
    const token = res.json().result.access_token;
    const config = (await app.inject({ method: 'GET', url: '/api/config/', headers: bearer(token) })).json().result;
    expect(config.user).toMatchObject({ username: 'sanne.bakker', viaductUserId: '7001', accountId: null, isAdmin: false });
    expect(config.register).toMatchObject({ name: 'Members', capabilities: ['PAYMENT_ACCOUNT_SELF'] });
    expect(config.showAccountRequest).toBe(true);
  });

  it('signs the same Viaduct user in as the same Kassa user the second time', async () => {
    const first = await exchange((await signInAtProvider('Daan Visser', '7002')).searchParams.get('code') ?? '');
    const second = await exchange((await signInAtProvider('Daan V.', '7002')).searchParams.get('code') ?? '');
    const sub = (r: typeof first) => JSON.parse(Buffer.from(r.json().result.access_token.split('.')[1], 'base64url').toString()).sub;
    expect(sub(second)).toBe(sub(first));
    expect(await userModel(app.db).countDocuments({ viaductUserId: '7002' })).toBe(1);
  });

  it('refuses a code that was already used', async () => {
    const code = (await signInAtProvider('Eva Meijer', '7003')).searchParams.get('code') ?? '';
    expect((await exchange(code)).statusCode).toBe(200);
    const reused = await exchange(code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: true, errorIdentifier: 'invalid_sso_code' });
  });

  it('refuses a code after its 60 seconds, and a made-up code', async () => {
    const code = (await signInAtProvider('Floor de Groot', '7004')).searchParams.get('code') ?? '';
    clock.advance(STANDIN_CODE_TTL_MS + 1_000);
    expect((await exchange(code)).json().errorIdentifier).toBe('invalid_sso_code');
    expect((await exchange('made-up-code')).json().errorIdentifier).toBe('invalid_sso_code');
  });

  it('gives a Viaduct user whose name is taken a username of their own', async () => {
    const res = await exchange((await signInAtProvider('Member', '7005')).searchParams.get('code') ?? '');
    const claims = JSON.parse(Buffer.from(res.json().result.access_token.split('.')[1], 'base64url').toString());
    expect(claims.username).toBe('member-2');
  });

  it('signs the demo member in through the quick pick on the provider page', async () => {
    const res = await exchange((await signInAtProvider('Marit de Member', '1000')).searchParams.get('code') ?? '');
    const claims = JSON.parse(Buffer.from(res.json().result.access_token.split('.')[1], 'base64url').toString());
    expect(claims.username).toBe('member');
  });

  it('never sends a code to another site', async () => {
    const start = await app.inject({ method: 'GET', url: `/api/login/oauth/viaduct/start?redirect_uri=${encodeURIComponent('https://evil.example/cb')}` });
    expect(start.statusCode).toBe(422);
    const form = new URLSearchParams({ redirect_uri: 'https://evil.example/cb', name: 'X', viaduct_id: '1' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/sso/standin/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(login.statusCode).toBe(422);
    expect(login.headers.location).toBeUndefined();
  });

  it('asks a user with two-factor sign-in for the code after single sign-on, as after a password', async () => {
    const first = await signInAtProvider('Tweede Factor', '7300', 'tf');
    const created = (await exchange(first.searchParams.get('code')!)).json().result;
    expect(created.access_token).toEqual(expect.any(String));
    const secret = newTotpSecret();
    const sealed = new TfaGuard(app.db, DEV_PIN_PEPPER).seal(secret);
    await userModel(app.db).updateOne({ viaductUserId: '7300' }, { $set: { tfaEnabled: true, tfaSecret: sealed } });

    const back = await signInAtProvider('Tweede Factor', '7300', 'tf2');
    const answer = await exchange(back.searchParams.get('code')!);
    expect(answer.statusCode).toBe(200);
    const { tfa_challenge: challenge, access_token: token } = answer.json().result;
    expect(token).toBeUndefined();
    const finish = (body: object) => app.inject({ method: 'POST', url: '/api/login/oauth/tfa/', payload: body });
    expect((await finish({ tfa_challenge: challenge })).json().errorIdentifier).toBe('tfa_required');
    expect((await finish({ tfa_challenge: challenge, tfaCode: '000000' })).json().errorIdentifier).toBe('invalid_tfa_code');
    const code = generateSync({ secret, epoch: Math.floor(clock.current.getTime() / 1000) });
    const done = await finish({ tfa_challenge: challenge, tfaCode: code });
    expect(done.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/config/', headers: bearer(done.json().result.access_token) })).statusCode).toBe(200);
    // A forged or late challenge gives nothing.
    const [body] = String(challenge).split('.');
    expect((await finish({ tfa_challenge: `${body}.forged`, tfaCode: code })).json().errorIdentifier).toBe('invalid_sso_code');
    clock.advance(5 * 60_000 + 1000);
    expect((await finish({ tfa_challenge: challenge, tfaCode: code })).json().errorIdentifier).toBe('invalid_sso_code');
  });
});
