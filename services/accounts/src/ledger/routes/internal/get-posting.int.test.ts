import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postingModel } from '../../models/posting.model';
import { userModel } from '../../../identity/models/user.model';
import { internalPost, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

// The accounts service on the real local database (FerretDB), its ledger seeded with the demo.
describe('GET /internal/ledger/postings?key=', () => {
  let app: AccountsTestApp;
  let accountId: string;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    accountId = String((await userModel(app.db).findOne({ username: 'member' }).lean())?.accountId);
  });
  afterAll(async () => stopAccountsTestApp(app));

  const get = (key: string, token: string | null = app.accounts.env.INTERNAL_TOKEN) =>
    app.inject({ method: 'GET', url: `/internal/ledger/postings?key=${encodeURIComponent(key)}`, headers: token ? { 'x-internal-token': token } : {} });

  it('answers the posting made under a key, as a replay, with the account name', async () => {
    const made = await internalPost(app, '/internal/ledger/postings', { target: { accountId }, amount: -150, key: 'checkout:lookup-1', kind: 'purchase', ref: 'sale-1' });
    expect(made.statusCode).toBe(200);
    const res = await get('checkout:lookup-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.posting).toEqual({ ...made.json().result, replay: true });
    expect(res.json().result.posting.accountName).toBe('Marit de Member');
  });

  it('answers null for a key nobody posted, and posts nothing', async () => {
    const before = await postingModel(app.db).countDocuments({});
    const res = await get('checkout:never-posted');
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ posting: null });
    expect(await postingModel(app.db).countDocuments({})).toBe(before);
  });

  it('refuses callers without the internal token, and a missing key with a validation error', async () => {
    expect((await get('checkout:lookup-1', null)).statusCode).toBe(403);
    const bad = await app.inject({ method: 'GET', url: '/internal/ledger/postings', headers: { 'x-internal-token': app.accounts.env.INTERNAL_TOKEN } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['query', 'key']);
  });
});
