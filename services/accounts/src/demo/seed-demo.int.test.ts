import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../ledger/models/account.model';
import { postingModel } from '../ledger/models/posting.model';
import { userModel } from '../identity/models/user.model';
import { startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app';
import { seedAccountsDemo, seedLargeAccounts } from './seed-demo';

describe('demo data', () => {
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
  });
  afterAll(async () => stopAccountsTestApp(app));

  it('has the six demo logins, two of them admins (four eyes)', async () => {
    const users = await userModel(app.db).find({}, { username: 1, isAdmin: 1, accountId: 1 }).lean();
    expect(users.map((u) => u.username).sort()).toEqual(['admin', 'admin2', 'bar', 'member', 'newbie', 'till']);
    expect(users.find((u) => u.username === 'admin')?.isAdmin).toBe(true);
    expect(users.find((u) => u.username === 'admin2')?.isAdmin).toBe(true);
    expect(users.find((u) => u.username === 'admin2')?.accountId).toBeTruthy();
    expect(users.find((u) => u.username === 'member')?.accountId).toBeTruthy();
    expect(users.find((u) => u.username === 'newbie')?.accountId ?? null).toBeNull();
  });

  it('has at least 60 more accounts the picker can filter: every letter, digits, "@", accents and lower case', async () => {
    const accounts = await accountModel(app.db).find({}, { name: 1, type: 1, creditAccount: 1, balance: 1, lastUsed: 1 }).lean();
    expect(accounts.length).toBeGreaterThanOrEqual(61);
    const firsts = new Set(accounts.map((a) => a.name.normalize('NFC').charAt(0).toUpperCase()));
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') expect(firsts.has(letter), letter).toBe(true);
    expect(accounts.some((a) => /^\d/.test(a.name))).toBe(true);
    expect(accounts.some((a) => a.name.startsWith('@'))).toBe(true);
    expect(accounts.some((a) => a.name.startsWith('É'))).toBe(true);
    expect(accounts.some((a) => /^[a-zé]/.test(a.name))).toBe(true);
    expect(accounts.filter((a) => a.type === 'event').map((a) => a.name).sort()).toEqual(['Feestweek 2026', 'Lustrum committee']);
    expect(accounts.some((a) => a.creditAccount && (a.balance ?? 0) < 0)).toBe(true);
    const ages = accounts.map((a) => (Date.now() - (a.lastUsed?.getTime() ?? 0)) / 86_400_000);
    expect(Math.max(...ages)).toBeLessThanOrEqual(200);
    expect(ages.filter((d) => d > 75).length).toBeGreaterThan(5);
    expect(ages.filter((d) => d <= 75).length).toBeGreaterThan(5);
  });

  it('has one event tab, with a limit and who its invoices go to, on no direct debit', async () => {
    const tabs = await accountModel(app.db).find({ tab: true }).lean();
    expect(tabs.map((a) => ({ name: a.name, type: a.type, creditAccount: a.creditAccount, tabLimit: a.tabLimit, invoiceName: a.invoiceName, balance: a.balance }))).toEqual([
      { name: 'Lustrum committee', type: 'event', creditAccount: false, tabLimit: 50_000, invoiceName: 'Lustrumcommissie, t.a.v. de penningmeester', balance: 0 },
    ]);
  });

  it('keeps every cached balance equal to the sum of the opening postings', async () => {
    const accounts = await accountModel(app.db).find({}, { balance: 1 }).lean();
    const postings = await postingModel(app.db).find({}, { accountId: 1, amount: 1, key: 1 }).lean();
    const sums = new Map<string, number>();
    for (const p of postings) {
      expect(p.key).toBe(`opening:${String(p.accountId)}`);
      sums.set(String(p.accountId), (sums.get(String(p.accountId)) ?? 0) + p.amount);
    }
    for (const a of accounts) expect(sums.get(String(a._id)) ?? 0).toBe(a.balance);
  });

  it('does nothing on a database that already has users', async () => {
    expect(await seedAccountsDemo(app.db)).toBe(false);
  });

  it('adds accounts in bulk for benchmarks, with their opening postings', async () => {
    const before = await accountModel(app.db).countDocuments();
    const ids = await seedLargeAccounts(app.db, 1_500);
    expect(ids).toHaveLength(1_500);
    expect(await accountModel(app.db).countDocuments()).toBe(before + 1_500);
    const some = ids[7] as Types.ObjectId;
    const account = await accountModel(app.db).findById(some).lean();
    const opening = await postingModel(app.db).findOne({ key: `opening:${some.toHexString()}` }).lean();
    expect(opening?.balanceAfter ?? 0).toBe(account?.balance);
  });
});
