import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userModel } from '../../models/user.model';
import { startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

describe('GET /internal/users/:id/upgrade-info', () => {
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
  });
  afterAll(async () => stopAccountsTestApp(app));

  const get = (userId: string, token: string | null = app.accounts.env.INTERNAL_TOKEN) =>
    app.inject({ method: 'GET', url: `/internal/users/${userId}/upgrade-info`, headers: token ? { 'x-internal-token': token } : {} });

  it("names the member's own account and the smallest top-up", async () => {
    const member = await userModel(app.db).findOne({ username: 'member' }).lean();
    const res = await get(String(member?._id));
    expect(res.json().result).toEqual({ accountId: String(member?.accountId), accountName: 'Marit de Member', username: 'member', minAmount: 500 });
  });

  it('answers no_linked_account for a user without an account, and refuses callers without the internal token', async () => {
    const newbie = await userModel(app.db).findOne({ username: 'newbie' }).lean();
    expect((await get(String(newbie?._id))).json().errorIdentifier).toBe('no_linked_account');
    expect((await get(String(newbie?._id), null)).statusCode).toBe(403);
  });
});
