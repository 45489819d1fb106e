import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../../models/account.model';
import { userModel } from '../../../identity/models/user.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, TestClock, type AccountsTestApp } from '../../../testing/accounts-test-app';

describe('own history: GET /api/account/transactions and /count', () => {
  const clock = new TestClock(new Date('2026-05-01T18:00:00Z'));
  let app: AccountsTestApp;
  let token: string;
  let memberUserId: string;

  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, deps: { now: clock.now } }));
    token = await loginAs(app, 'member');
    memberUserId = String((await userModel(app.db).findOne({ username: 'member' }).lean())?._id);
    // The seed gave the member one opening posting of € 25,00; 20 more follow, a minute apart.
    for (let i = 1; i <= 20; i++) {
      clock.advance(60_000);
      const payload =
        i % 5 === 0
          ? { amount: 1000, kind: 'topup', description: 'Top-up at the bar (cash_payment)' }
          : { amount: -10 * i, kind: 'purchase', description: `${i}x Pils` };
      const res = await internalPost(app, '/internal/ledger/postings', { target: { userId: memberUserId }, key: `hist-${i}`, ref: `sale-${i}`, ...payload });
      expect(res.statusCode).toBe(200);
    }
    await internalPost(app, '/internal/ledger/postings', { target: { userId: memberUserId }, amount: 300, key: 'hist-undo', kind: 'undo', ref: 'sale-3' });
  });
  afterAll(async () => stopAccountsTestApp(app));

  const history = (query: string, t = token) => app.inject({ method: 'GET', url: `/api/account/transactions${query}`, headers: bearer(t) });

  it('shows the newest postings first with what they were, the amount and the balance after', async () => {
    const res = await history('?page=1&perPage=5');
    expect(res.statusCode).toBe(200);
    const { items, pageCount, total } = res.json().result;
    expect(total).toBe(22);
    expect(pageCount).toBe(5);
    expect(items.map((t: { description: string }) => t.description)).toEqual([
      'Undo',
      'Top-up at the bar (cash_payment)',
      '19x Pils',
      '18x Pils',
      '17x Pils',
    ]);
    expect(items[0]).toMatchObject({ kind: 'undo', amount: 300 });
    expect(items[2]).toMatchObject({ kind: 'purchase', amount: -190 });
    // Each balance is the one before it plus the amount.
    for (let i = 0; i < items.length - 1; i++) expect(items[i].balanceAfter).toBe(items[i + 1].balanceAfter + items[i].amount);
    expect(new Date(items[1].at).getTime()).toBeGreaterThan(new Date(items[2].at).getTime());
  });

  it('pages back to the opening balance, and past the end gives an empty page with the same total', async () => {
    const last = (await history('?page=5&perPage=5')).json().result;
    expect(last.items).toHaveLength(2);
    expect(last.items[1]).toMatchObject({ kind: 'opening', description: 'Opening balance', amount: 2500, balanceAfter: 2500 });
    const beyond = (await history('?page=9&perPage=5')).json().result;
    expect(beyond).toEqual({ items: [], pageCount: 5, total: 22 });
  });

  it('uses 15 a page by default and agrees with the count', async () => {
    const first = (await history('')).json().result;
    expect(first.items).toHaveLength(15);
    const count = await app.inject({ method: 'GET', url: '/api/account/transactions/count', headers: bearer(token) });
    expect(count.json().result).toEqual({ count: 22 });
    const balance = (await app.inject({ method: 'GET', url: '/api/account/', headers: bearer(token) })).json().result.balance;
    expect(first.items[0].balanceAfter).toBe(balance);
  });

  it('answers no_linked_account to a user without an account, and 401 without a token', async () => {
    const newbie = await loginAs(app, 'newbie');
    expect((await history('', newbie)).json().errorIdentifier).toBe('no_linked_account');
    expect((await app.inject({ method: 'GET', url: '/api/account/transactions/count', headers: bearer(newbie) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/account/transactions' })).statusCode).toBe(401);
  });

  it('refuses a bad page number with a readable line', async () => {
    const res = await history('?page=0');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['query', 'page']);
  });

  it("leaves other accounts' postings out", async () => {
    const other = await accountModel(app.db).findOne({ name: 'Femke Mulder' }).lean();
    await internalPost(app, '/internal/ledger/postings', { target: { accountId: String(other?._id) }, amount: -100, key: 'other-1', kind: 'purchase', ref: 'x' });
    expect((await history('')).json().result.total).toBe(22);
  });
});
