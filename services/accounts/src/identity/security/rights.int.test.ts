import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCatalogApp, CatalogEnv } from '@kassa/test-stack/catalog';
import { connectMongo, type ServiceApp } from '@kassa/service-kit';
import { registerModel } from '../models/register.model';
import { userModel } from '../models/user.model';
import { bearer, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app';
import { realClock, secondLater } from '../../testing/token-clock';
import { publishRegister, publishSettings, publishUser } from './rights';
import { SETTINGS_KEY, settingsModel } from '../../models/settings.model';
import { dropTestDatabase } from '@kassa/service-kit/testing';

/**
 * Rights that change at once, on the real accounts and catalog services sharing one Redis directory (as under
 * npm start and in production): a token is who you were at sign-in; what you may do is read on every request.
 */
describe('tokens and the rights behind them', () => {
  let accounts: AccountsTestApp;
  let catalog: ServiceApp;

  /** A token signed with the real secret, with exactly these claims (no exp unless given). */
  const forge = (claims: object) => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}`;
    return `${head}.${createHmac('sha256', accounts.accounts.env.JWT_SECRET).update(head).digest('base64url')}`;
  };
  const config = (token: string) => accounts.inject({ method: 'GET', url: '/api/config/', headers: bearer(token) });
  const settings = (token: string) => accounts.inject({ method: 'GET', url: '/api/admin/settings/', headers: bearer(token) });
  const products = (token: string) => catalog.inject({ method: 'GET', url: '/api/products/', headers: bearer(token) });

  beforeAll(async () => {
    accounts = (await startAccountsTestApp(inject('mongoUri'), { seed: true })).app;
    const env = accounts.accounts.env;
    const catalogEnv = CatalogEnv.parse({ ...env, PORT: '0' });
    catalog = await buildCatalogApp(catalogEnv, await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_catalog`));
  });
  afterAll(async () => {
    realClock();
    await dropTestDatabase(catalog.db);
    await catalog.close();
    await stopAccountsTestApp(accounts);
  });

  it('refuses a token without an expiry, and one of a user that does not exist', async () => {
    await loginAs(accounts, 'till');
    const till = await userModel(accounts.db).findOne({ username: 'till' }).lean();
    const now = Math.floor(Date.now() / 1000);
    const base = { sub: String(till!._id), username: 'till', isAdmin: false, capabilities: ['PAYMENT_CASH'], registerId: null, iat: now };
    expect((await config(forge(base))).statusCode).toBe(401);
    expect((await config(forge({ ...base, exp: now + 600 }))).statusCode).toBe(200);
    const ghost = forge({ ...base, sub: '64b7f0c2a1b2c3d4e5f60799', exp: now + 600 });
    for (const res of [await config(ghost), await settings(forge({ ...base, sub: '64b7f0c2a1b2c3d4e5f60799', isAdmin: true, exp: now + 600 })), await products(ghost)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().errorIdentifier).toBe('invalid_access_token');
    }
  });

  it('ends a sign-in at once on logout, in every service, while another sign-in of the same user goes on', async () => {
    const first = await loginAs(accounts, 'member');
    const second = await loginAs(accounts, 'member');
    expect((await products(first)).statusCode).toBe(200);
    const out = await accounts.inject({ method: 'POST', url: '/api/logout/', headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect((await config(first)).statusCode).toBe(401);
    expect((await products(first)).statusCode).toBe(401);
    expect((await config(second)).statusCode).toBe(200);
  });

  it('ends older tokens after a password reset or a disable, and answers 403 once the admin flag is gone', async () => {
    const User = userModel(accounts.db);
    const admin = await loginAs(accounts, 'admin');
    expect((await settings(admin)).statusCode).toBe(200);
    // What the user administration does: change the user, then publish it.
    const demoted = await User.findOneAndUpdate({ username: 'admin' }, { $set: { isAdmin: false } }, { returnDocument: 'after' }).lean();
    await publishUser(accounts, demoted!);
    expect((await settings(admin)).statusCode).toBe(403);
    const restored = await User.findOneAndUpdate({ username: 'admin' }, { $set: { isAdmin: true } }, { returnDocument: 'after' }).lean();
    await publishUser(accounts, restored!);
    expect((await settings(admin)).statusCode).toBe(200);

    const bar = await loginAs(accounts, 'bar');
    secondLater(); // tokens count in whole seconds: the reset comes a second later
    const reset = await User.findOneAndUpdate({ username: 'bar' }, { $set: { tokensValidAfter: new Date() } }, { returnDocument: 'after' }).lean();
    await publishUser(accounts, reset!);
    expect((await config(bar)).statusCode).toBe(401);
    expect((await config(await loginAs(accounts, 'bar'))).statusCode).toBe(200);

    const disabled = await User.findOneAndUpdate({ username: 'newbie' }, { $set: { disabled: true } }, { returnDocument: 'after' }).lean();
    const newbie = await loginAs(accounts, 'newbie').catch((err: Error) => err.message);
    expect(newbie).toContain('This user is disabled.');
    await publishUser(accounts, disabled!);
    await User.updateOne({ username: 'newbie' }, { $set: { disabled: false } });
  });

  it("takes a capability away from a register's signed-in tills at once", async () => {
    const bar = await loginAs(accounts, 'bar');
    const accountsList = () => accounts.inject({ method: 'GET', url: '/api/accounts/', headers: bar ? bearer(bar) : {} });
    expect((await accountsList()).statusCode).toBe(200);
    const user = await userModel(accounts.db).findOne({ username: 'bar' }).lean();
    const Register = registerModel(accounts.db);
    const register = await Register.findById(user!.registerId).lean();
    const fewer = await Register.findByIdAndUpdate(register!._id, { $set: { capabilities: ['PAYMENT_CASH'] } }, { returnDocument: 'after' }).lean();
    await publishRegister(accounts, fewer!);
    expect((await accountsList()).statusCode).toBe(403);
    await publishRegister(accounts, register!);
    await Register.updateOne({ _id: register!._id }, { $set: { capabilities: register!.capabilities } });
    expect((await accountsList()).statusCode).toBe(200);
  });

  it('with two-factor sign-in required, a user without it may only enrol, load the config and sign out, in every service', async () => {
    const admin = await loginAs(accounts, 'admin');
    const member = await loginAs(accounts, 'member');
    expect((await accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers: bearer(admin), payload: { requireTfa: true } })).statusCode).toBe(200);
    try {
      for (const res of [await accounts.inject({ method: 'GET', url: '/api/account/', headers: bearer(member) }), await products(member), await settings(admin)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ errorIdentifier: 'tfa_required', errorMessage: 'Two-factor sign-in is required. Set it up on your account before you go on.' });
      }
      expect((await config(member)).statusCode).toBe(200);
      expect((await accounts.inject({ method: 'POST', url: '/api/user/tfa/setup', headers: bearer(member) })).statusCode).toBe(200);
      expect((await accounts.inject({ method: 'POST', url: '/api/logout/', headers: bearer(member) })).statusCode).toBe(200);
    } finally {
      // The admin has no second factor either, so the setting goes back the way an operator would: in the database.
      await settingsModel(accounts.db).updateOne({ key: SETTINGS_KEY }, { $set: { requireTfa: false } });
      await publishSettings(accounts);
    }
    expect((await settings(admin)).statusCode).toBe(200);
  });
});
