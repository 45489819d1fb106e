import type { TillAccount } from '@kassa/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../../models/account.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

describe('GET /api/accounts/', () => {
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    await accountModel(app.db).create({ name: 'Kas (systeem)', type: 'system' });
  });
  afterAll(async () => stopAccountsTestApp(app));

  const list = async (username: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/accounts/', headers: bearer(await loginAs(app, username)) });
    return { status: res.statusCode, body: res.json() };
  };

  it('shows a bar-mode register balances, direct debit and the event type', async () => {
    const { status, body } = await list('bar');
    expect(status).toBe(200);
    const accounts: TillAccount[] = body.result.accounts;
    expect(accounts.length).toBeGreaterThanOrEqual(61);
    expect(accounts.find((a) => a.name === 'Emma de Boer')).toMatchObject({ balance: -1250, directDebit: true, type: 'member' });
    expect(accounts.find((a) => a.name === 'Feestweek 2026')).toMatchObject({ type: 'event', directDebit: false, balance: 50000 });
    expect(accounts.every((a) => a.lastUsed === null || !Number.isNaN(Date.parse(a.lastUsed)))).toBe(true);
  });

  it('shows a till without bar mode names only', async () => {
    const { status, body } = await list('till');
    expect(status).toBe(200);
    const accounts: TillAccount[] = body.result.accounts;
    expect(accounts.length).toBeGreaterThanOrEqual(61);
    expect(accounts.every((a) => a.balance === null && a.directDebit === null && a.type === null)).toBe(true);
    expect(accounts.find((a) => a.name === 'Emma de Boer')?.id).toMatch(/^[a-f0-9]{24}$/);
  });

  it('never lists system accounts and sorts by name', async () => {
    const names = ((await list('bar')).body.result.accounts as TillAccount[]).map((a) => a.name);
    expect(names).not.toContain('Kas (systeem)');
    expect(names.indexOf('Anouk Jansen')).toBeLessThan(names.indexOf('Bram de Vries'));
    expect(names.indexOf('Émile Prins')).toBeLessThan(names.indexOf('Femke Mulder'));
  });

  it('refuses members, who may only pay with their own account', async () => {
    const { status, body } = await list('member');
    expect(status).toBe(403);
    expect(body).toMatchObject({ errorIdentifier: 'insufficient_permissions', errorMessage: 'No permission' });
  });

  it('shows a sale on an account in the next list at once', async () => {
    const before = ((await list('bar')).body.result.accounts as TillAccount[]).find((a) => a.name === 'Noor Kok');
    await internalPost(app, '/internal/ledger/postings', { target: { accountId: before?.id }, amount: -350, key: 'list-sale-1', kind: 'purchase', ref: 'x' });
    const after = ((await list('bar')).body.result.accounts as TillAccount[]).find((a) => a.name === 'Noor Kok');
    expect(after?.balance).toBe((before?.balance ?? 0) - 350);
    expect(Date.parse(after?.lastUsed ?? '')).toBeGreaterThan(Date.parse(before?.lastUsed ?? ''));
  });

  it('lists a new account once the directory is told', async () => {
    await list('bar');
    await accountModel(app.db).create({ name: 'Nieuwe Nina' });
    app.accounts.directory.invalidate();
    const names = ((await list('bar')).body.result.accounts as TillAccount[]).map((a) => a.name);
    expect(names).toContain('Nieuwe Nina');
  });
});
