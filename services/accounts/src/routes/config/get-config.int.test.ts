import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerModel } from '../../identity/models/register.model';
import { settingsModel } from '../../models/settings.model';
import { bearer, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app';

describe('GET /api/config/ and POST /api/user/condition/', () => {
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
  });
  afterAll(async () => stopAccountsTestApp(app));

  const config = async (token: string) => (await app.inject({ method: 'GET', url: '/api/config/', headers: bearer(token) })).json().result;

  it('refuses a request without a token as invalid_access_token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: true, errorIdentifier: 'invalid_access_token', errorMessage: 'Token expired, please login again.' });
  });

  it("gives the member the settings, their user fields and their register's capabilities", async () => {
    const result = await config(await loginAs(app, 'member'));
    expect(result).toMatchObject({
      aprilFoolsEnabled: true,
      posWrappedAvailable: false,
      requireTfa: false,
      requireSettingAccountPin: false,
      accountUpgradeMinAmount: 500,
      user: { username: 'member', isAdmin: false, viaductUserId: '1000' },
      register: { name: 'Members', capabilities: ['PAYMENT_ACCOUNT_SELF'] },
      acceptedCurrentCondition: true,
      showAccountRequest: false,
      // SPEC's minute: this app is started without CLIENT_REFRESH_MS.
      refreshMs: 60_000,
    });
    expect(result.user.id).toMatch(/^[a-f0-9]{24}$/);
    expect(result.user.accountId).toMatch(/^[a-f0-9]{24}$/);
  });

  it('offers the account request to a member without an account', async () => {
    const result = await config(await loginAs(app, 'newbie'));
    expect(result.user.accountId).toBeNull();
    expect(result.showAccountRequest).toBe(true);
    const till = await config(await loginAs(app, 'till'));
    expect(till.showAccountRequest).toBe(false);
  });

  it("shows a change to the register's capabilities on the next load, with the same token", async () => {
    const token = await loginAs(app, 'bar');
    await registerModel(app.db).updateOne({ name: 'Bar' }, { $set: { capabilities: ['PAYMENT_CASH'] } });
    expect((await config(token)).register.capabilities).toEqual(['PAYMENT_CASH']);
  });

  it('records acceptance of the current conditions, and asks again when they change', async () => {
    const token = await loginAs(app, 'newbie');
    expect((await config(token)).acceptedCurrentCondition).toBe(false);
    const res = await app.inject({ method: 'POST', url: '/api/user/condition/', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ acceptedConditionVersion: 1, acceptedCurrentCondition: true });
    expect((await config(token)).acceptedCurrentCondition).toBe(true);
    await settingsModel(app.db).updateOne({}, { $set: { conditionsVersion: 2 } });
    expect((await config(token)).acceptedCurrentCondition).toBe(false);
  });
});
