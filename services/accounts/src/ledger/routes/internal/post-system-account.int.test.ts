import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../../models/account.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

describe('the system account Cash differences', () => {
  let app: AccountsTestApp;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
  });
  afterAll(async () => stopAccountsTestApp(app));

  it('is made once however often it is asked for at once, holds shortages below zero, and no list of accounts shows it', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => internalPost(app, '/internal/accounts/system/cash_differences', {})));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const ids = new Set(answers.map((r) => r.json().result.id as string));
    expect(ids.size).toBe(1);
    const id = [...ids][0]!;
    expect(answers[0]!.json().result.name).toBe('Cash differences');
    expect(await accountModel(app.db).countDocuments({ type: 'system', name: 'Cash differences' })).toBe(1);

    // A drawer € 3,00 short: booked below zero (a system account has no floor), once per key.
    const short = { target: { accountId: id }, amount: -300, key: `shift:test-${Date.now()}:difference`, kind: 'correction', ref: 'shift' };
    for (const res of await Promise.all([internalPost(app, '/internal/ledger/postings', short), internalPost(app, '/internal/ledger/postings', short)])) {
      expect(res.statusCode).toBe(200);
      expect(res.json().result.balanceAfter).toBe(-300);
    }

    const admin = bearer(await loginAs(app, 'admin'));
    const listed = async (url: string) => ((await app.inject({ method: 'GET', url, headers: admin })).json().result.items as { id: string }[]).map((a) => a.id);
    expect(await listed('/api/admin/accounts/?negative=true&perPage=100')).not.toContain(id);
    expect(await listed('/api/admin/accounts/?search=Cash%20differences')).not.toContain(id);
    expect(await listed('/api/admin/accounts/?type=system')).toContain(id);
    const debtors = await app.inject({ method: 'GET', url: '/api/admin/debtors/', headers: admin });
    expect(debtors.statusCode).toBe(200);
    expect(debtors.body).not.toContain(id);
  });
});
