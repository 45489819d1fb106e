import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL_CAPABILITIES } from '@kassa/contracts';
import { loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());

describe('POST /api/login/', () => {
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
  });
  afterAll(async () => stopAccountsTestApp(app));

  it('signs in "  Till " as till, with the Till register\'s capabilities in the token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: '  Till ', password: 'till' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ error: false, errorCode: 200, errorIdentifier: null });
    const claims = decode(body.result.access_token);
    expect(claims.username).toBe('till');
    expect(claims.isAdmin).toBe(false);
    expect(claims.registerId).toMatch(/^[a-f0-9]{24}$/);
    expect([...claims.capabilities].sort()).toEqual(['PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_CARD', 'PAYMENT_CASH', 'PAYMENT_OTHER', 'PAYMENT_UNDO']);
  });

  it('refuses a NUL or another control character in the username or password with 422 naming the field, not 500', async () => {
    for (const payload of [{ username: 'till\u0000', password: 'till' }, { username: 'till', password: 'ti\u0007ll' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/login/', payload });
      expect(res.statusCode).toBe(422);
      const field = payload.username === 'till' ? 'password' : 'username';
      expect(res.json().detail).toEqual([{ loc: ['body', field], msg: 'Control characters (such as NUL) are not allowed here.', type: 'value_error' }]);
    }
  });

  it('gives an administrator every capability', async () => {
    const claims = decode(await loginAs(app, 'admin'));
    expect(claims.isAdmin).toBe(true);
    expect(claims.capabilities).toEqual(expect.arrayContaining([...ALL_CAPABILITIES]));
    expect(claims.capabilities).toHaveLength(ALL_CAPABILITIES.length);
  });

  it('answers a wrong password with 400 invalid_credentials in the wrapper (not 401, which logs the client out)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'till', password: 'bar' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      errorCode: 400,
      errorIdentifier: 'invalid_credentials',
      errorMessage: 'Invalid username or password.',
      result: null,
    });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'nobody', password: 'till' } });
    const wrong = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 'till', password: 'nobody' } });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a wrong-shaped body with 422 and a detail line per problem', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username: 42 } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ error: true, errorCode: 422, errorIdentifier: 'validation_error' });
    expect(body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'username'] }),
        expect.objectContaining({ loc: ['body', 'password'], type: 'missing' }),
      ]),
    );
  });
});
