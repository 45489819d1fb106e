import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settingsModel } from '../models/settings.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app';
import { chargeFines } from './fines';
import { auditLogModel } from './models/audit-log.model';
import { postingModel } from './models/posting.model';

/**
 * Fines after a failed debit (issue 48 §3): off by default; switched on, one per full period the account still owes,
 * capped per failure, charged once whatever runs at once; an admin waives one with its audit entry, once. The clock is
 * moved, not waited for.
 */
describe('fines on a debt after a failed debit', () => {
  let app: AccountsTestApp;
  let clock = new Date('2026-10-01T10:00:00Z');
  let admin: string;

  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, deps: { now: () => clock } }));
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => stopAccountsTestApp(app));

  const fines = (accountId: string) => postingModel(app.db).find({ accountId, kind: 'fine' }).sort({ seq: 1 }).lean();
  const ctx = () => ({ ledger: app.accounts.ledger, now: () => clock });

  it('charges nothing while off; then each period once, capped, and a waiver once with its audit entry', async () => {
    const id = (await app.inject({ method: 'POST', url: '/api/admin/accounts/', headers: bearer(admin), payload: { name: 'Boete Bas' } })).json().result.id as string;
    expect((await internalPost(app, '/internal/ledger/postings', { target: { accountId: id }, amount: -4_000, key: 'bas:teruggeboekt', kind: 'direct_debit', ref: 'b', allowNegative: true })).statusCode).toBe(200);
    expect((await internalPost(app, `/internal/accounts/${id}/direct-debit-failure`, { batchId: 'f'.repeat(24), amount: 4_000, at: clock.toISOString() })).statusCode).toBe(200);

    clock = new Date('2026-12-15T10:00:00Z');
    expect(await chargeFines(app.db, ctx())).toBe(0);

    // 10% a period of 30 days, at most € 7,50 per failure: 75 days on, two periods.
    await settingsModel(app.db).updateOne({}, { $set: { fineMode: 'percent', finePercent: 10, finePeriodDays: 30, fineCap: 750 } });
    const [a, b] = await Promise.all([chargeFines(app.db, ctx()), chargeFines(app.db, ctx())]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    let charged = await fines(id);
    // € 4,00 on € 40,00 owed; then the cap leaves € 3,50 (not 10% of € 44,00).
    expect(charged.map((p) => p.amount)).toEqual([-400, -350]);
    expect(charged.at(-1)?.balanceAfter).toBe(-4_750);
    clock = new Date('2027-02-15T10:00:00Z');
    expect(await chargeFines(app.db, ctx())).toBe(0);

    // Waived by an admin, twice at once: one waiver, one audit entry; the page marks the fine waived.
    const seq = charged[1]!.seq;
    const waives = await Promise.all([1, 2].map(() => app.inject({ method: 'POST', url: `/api/admin/accounts/${id}/fines/${seq}/waive`, headers: bearer(admin) })));
    for (const w of waives) expect(w.statusCode, w.body).toBe(200);
    charged = await fines(id);
    expect(charged.map((p) => p.amount)).toEqual([-400, -350, 350]);
    expect(await auditLogModel(app.db).countDocuments({ entityId: id, action: 'fine.waive' })).toBe(1);
    const page = (await app.inject({ method: 'GET', url: `/api/admin/accounts/${id}/postings/`, headers: bearer(admin) })).json().result.items as { seq: number; waived?: boolean }[];
    expect(page.find((p) => p.seq === seq)?.waived).toBe(true);
    expect(page.find((p) => p.seq === charged[0]!.seq)?.waived).toBe(false);
    expect((await app.inject({ method: 'POST', url: `/api/admin/accounts/${id}/fines/1/waive`, headers: bearer(admin) })).statusCode).toBe(404);
  });
});
