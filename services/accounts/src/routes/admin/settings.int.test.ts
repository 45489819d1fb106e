import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLogModel } from '../../ledger/models/audit-log.model';
import { accountModel } from '../../ledger/models/account.model';
import { userModel } from '../../identity/models/user.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app';

describe('GET and PUT /api/admin/settings/', () => {
  let app: AccountsTestApp;
  let admin: string;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => stopAccountsTestApp(app));

  const put = (payload: Record<string, unknown>, token = admin) => app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: bearer(token), payload });
  const config = async (token: string) => (await app.inject({ method: 'GET', url: '/api/config/', headers: bearer(token) })).json().result;

  it('new terms make every user accept again; accepting clears it for that user only', async () => {
    const member = await loginAs(app, 'member');
    const newbie = await loginAs(app, 'newbie');
    for (const t of [member, newbie]) await app.inject({ method: 'POST', url: '/api/user/condition/', headers: bearer(t) });
    expect((await config(member)).acceptedCurrentCondition).toBe(true);

    const before = (await app.inject({ method: 'GET', url: '/api/admin/settings/', headers: bearer(admin) })).json().result;
    const res = await put({ bumpConditionsVersion: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.conditionsVersion).toBe(before.conditionsVersion + 1);

    expect((await config(member)).acceptedCurrentCondition).toBe(false);
    expect((await config(newbie)).acceptedCurrentCondition).toBe(false);
    await app.inject({ method: 'POST', url: '/api/user/condition/', headers: bearer(member) });
    expect((await config(member)).acceptedCurrentCondition).toBe(true);
    expect((await config(newbie)).acceptedCurrentCondition).toBe(false);

    const audit = await auditLogModel(app.db).findOne({ action: 'settings.update' }).sort({ at: -1 }).lean();
    expect(audit).toMatchObject({ who: { username: 'admin' }, before: { conditionsVersion: before.conditionsVersion }, after: { conditionsVersion: before.conditionsVersion + 1 } });
  });

  it('changes the minimum top-up and the PIN requirement, which the config then shows', async () => {
    const res = await put({ accountUpgradeMinAmount: 1000, requireSettingAccountPin: true });
    expect(res.json().result).toMatchObject({ accountUpgradeMinAmount: 1000, requireSettingAccountPin: true });
    const cfg = await config(await loginAs(app, 'member'));
    expect(cfg).toMatchObject({ accountUpgradeMinAmount: 1000, requireSettingAccountPin: true });
  });

  it('holds requireSettingAccountPin on the server: no payment from or online top-up of an own account without a PIN', async () => {
    const member = await userModel(app.db).findOne({ username: 'member' }).lean();
    const account = await accountModel(app.db).findById(member!.accountId, { pinHash: 1 }).lean();
    await accountModel(app.db).updateOne({ _id: account!._id }, { $set: { pinHash: null } });
    await put({ requireSettingAccountPin: true });
    const pay = await internalPost(app, '/internal/ledger/postings', { target: { userId: String(member!._id) }, amount: -100, key: `pin-required-${Date.now()}`, kind: 'purchase', ref: 'test' });
    expect(pay.statusCode).toBe(403);
    expect(pay.json().errorMessage).toBe('Set a PIN code for your account first: Your account, PIN code.');
    const topUp = await app.inject({ method: 'GET', url: `/internal/users/${member!._id}/upgrade-info`, headers: { 'x-internal-token': app.accounts.env.INTERNAL_TOKEN } });
    expect(topUp.statusCode).toBe(403);

    await put({ requireSettingAccountPin: false });
    expect((await app.inject({ method: 'GET', url: `/internal/users/${member!._id}/upgrade-info`, headers: { 'x-internal-token': app.accounts.env.INTERNAL_TOKEN } })).statusCode).toBe(200);
    await accountModel(app.db).updateOne({ _id: account!._id }, { $set: { pinHash: account!.pinHash } });
  });

  it('sets the offline cap of prepaid accounts, audited, and a bar till gets each account its offline floor', async () => {
    const res = await put({ offlinePrepaidFloor: 500 });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.offlinePrepaidFloor).toBe(500);
    const audit = await auditLogModel(app.db).findOne({ action: 'settings.update' }).sort({ at: -1 }).lean();
    expect(audit).toMatchObject({ before: { offlinePrepaidFloor: 0 }, after: { offlinePrepaidFloor: 500 } });
    const accounts = (await app.inject({ method: 'GET', url: '/api/accounts/', headers: bearer(await loginAs(app, 'bar')) })).json().result.accounts as {
      name: string;
      directDebit: boolean;
      offlineFloor: number;
    }[];
    // Prepaid accounts: the board's cap; credit accounts: minus the credit limit (the board's default, € 150,00).
    expect(accounts.find((a) => a.name === 'Anouk Jansen')).toMatchObject({ directDebit: false, offlineFloor: 500 });
    expect(accounts.find((a) => a.name === 'Emma de Boer')).toMatchObject({ directDebit: true, offlineFloor: -15_000 });
    const till = (await app.inject({ method: 'GET', url: '/api/accounts/', headers: bearer(await loginAs(app, 'till')) })).json().result.accounts as { offlineFloor: null }[];
    expect(till.every((a) => a.offlineFloor === null)).toBe(true);
    const bad = await put({ offlinePrepaidFloor: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'offlinePrepaidFloor'], msg: 'The offline cap cannot be below € 0,00.' })]);
    expect((await put({ offlinePrepaidFloor: 0 })).statusCode).toBe(200);
  });

  it('keeps the SEPA pre-notification period: 14 days by default, at least 1, audited', async () => {
    const get = async () => (await app.inject({ method: 'GET', url: '/api/admin/settings/', headers: bearer(admin) })).json().result;
    expect((await get()).prenotificationDays).toBe(14);
    const zero = await put({ prenotificationDays: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'prenotificationDays'], msg: 'The pre-notification period is at least 1 day.' })]);
    const half = await put({ prenotificationDays: 2.5 });
    expect(half.statusCode).toBe(422);
    expect(half.json().detail[0].msg).toBe('The pre-notification period is a whole number of days.');
    expect((await get()).prenotificationDays).toBe(14);
    const res = await put({ prenotificationDays: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.prenotificationDays).toBe(5);
    const audit = await auditLogModel(app.db).findOne({ action: 'settings.update' }).sort({ at: -1 }).lean();
    expect(audit).toMatchObject({ before: { prenotificationDays: 14 }, after: { prenotificationDays: 5 } });
    expect((await put({ prenotificationDays: 14 })).statusCode).toBe(200);
  });

  it('refuses non-admins and bad values', async () => {
    const member = await loginAs(app, 'member');
    expect((await put({ bumpConditionsVersion: true }, member)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/settings/', headers: bearer(member) })).statusCode).toBe(403);
    const bad = await put({ accountUpgradeMinAmount: -5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'accountUpgradeMinAmount']);
  });
});
