import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLogModel } from '../../models/audit-log.model';
import { postingModel } from '../../models/posting.model';
import { bearer, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

/**
 * Issue 50 §5, four eyes on accounts: an account closed with a balance (expired) and a correction above the setting
 * `fourEyesAboveCents`. One admin prepares (202, nothing moves), the same admin again gets 409, another approves with
 * the same call and the money moves, once, also with two approvers at once.
 */
describe('four eyes on accounts: a close with a balance and a large correction', () => {
  let app: AccountsTestApp;
  const tokens = { admin: '', admin2: '', admin3: '' };
  const as = (who: keyof typeof tokens, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
  const postings = async (id: string) => (await postingModel(app.db).find({ accountId: new Types.ObjectId(id) }).sort({ seq: 1 }).lean()).map((p) => [p.kind, p.amount]);
  const approvalsAudit = async (id: string) =>
    (await auditLogModel(app.db).find({ entityId: id, action: { $regex: '^approval\\.' } }).lean()).map((e) => `${e.action} ${e.who?.username ?? ''}`).sort();

  beforeAll(async () => {
    app = (await startAccountsTestApp(inject('mongoUri'), { seed: true })).app;
    tokens.admin = await loginAs(app, 'admin');
    tokens.admin2 = await loginAs(app, 'admin2');
    const made = await as('admin', 'POST', '/api/admin/users/', { username: 'admin3', password: 'admin3-password', isAdmin: true });
    expect(made.statusCode, made.body).toBe(200);
    tokens.admin3 = await loginAs(app, 'admin3', 'admin3-password');
  });
  afterAll(async () => {
    await stopAccountsTestApp(app);
  });

  it('a close that expires a balance: prepared, refused to its preparer, approved by two admins at once, expired once', async () => {
    const id = (await as('admin', 'POST', '/api/admin/accounts/', { name: 'Vergeten Vera' })).json().result.id as string;
    expect((await as('admin', 'POST', `/api/admin/accounts/${id}/upgrade/`, { amount: 730, method: 'cash_payment', reason: '', nonce: `n-${id}` })).statusCode).toBe(200);
    const longAgo = new Date(Date.now() - 400 * 24 * 3_600_000);
    await postingModel(app.db).updateMany({ accountId: new Types.ObjectId(id) }, { $set: { at: longAgo } });
    await app.db.collection('accounts').updateOne({ _id: new Types.ObjectId(id) }, { $set: { createdAt: longAgo } });

    const prepared = await as('admin', 'DELETE', `/api/admin/accounts/${id}/`);
    expect(prepared.statusCode, prepared.body).toBe(202);
    expect(prepared.json().result).toMatchObject({ status: 'pending', entity: 'account', entityId: id, action: 'close', amount: 730, message: 'Prepared by admin; another admin must approve.' });
    expect((await as('admin', 'GET', `/api/admin/accounts/${id}/`)).json().result).toMatchObject({ closedAt: null, balance: 730 });
    expect(await postings(id)).toEqual([['topup', 730]]);
    expect((await as('admin2', 'GET', '/api/admin/approvals/accounts/')).json().result.map((a: { id: string }) => a.id)).toContain(`account:${id}:close`);

    const same = await as('admin', 'DELETE', `/api/admin/accounts/${id}/`);
    expect(same.statusCode).toBe(409);
    expect(same.json().errorMessage).toBe('Another admin must approve this: you prepared it.');

    const [a, b] = await Promise.all([as('admin2', 'DELETE', `/api/admin/accounts/${id}/`), as('admin3', 'DELETE', `/api/admin/accounts/${id}/`)]);
    const codes = [a.statusCode, b.statusCode].sort();
    // Both approve; the second finds the account closed already (409) or the close done (200): never a second expiry.
    expect(codes[0]).toBe(200);
    expect(await postings(id)).toEqual([
      ['topup', 730],
      ['expiry', -730],
    ]);
    expect((await as('admin', 'GET', `/api/admin/accounts/${id}/`)).json().result.closedAt).not.toBeNull();
    expect((await as('admin', 'GET', '/api/admin/approvals/accounts/')).json().result.map((x: { id: string }) => x.id)).not.toContain(`account:${id}:close`);
    const audit = await approvalsAudit(id);
    expect(audit.filter((e) => e.startsWith('approval.prepared'))).toEqual(['approval.prepared admin']);
    expect(audit.filter((e) => e.startsWith('approval.approved'))).toHaveLength(1);
  });

  it('a close with nothing on it needs no second admin', async () => {
    const id = (await as('admin', 'POST', '/api/admin/accounts/', { name: 'Lege Lieke' })).json().result.id as string;
    expect((await as('admin', 'DELETE', `/api/admin/accounts/${id}/`)).statusCode).toBe(200);
  });

  it('a correction above the setting: prepared, refused to its preparer, approved by two admins at once, booked once; at or below it books at once', async () => {
    const id = (await as('admin', 'POST', '/api/admin/accounts/', { name: 'Correcte Cor' })).json().result.id as string;
    const small = await as('admin', 'POST', `/api/admin/accounts/${id}/upgrade/`, { amount: 5000, method: 'correction', reason: 'Counted at the bar', nonce: `small-${id}` });
    expect(small.statusCode, small.body).toBe(200);
    expect((await as('admin', 'POST', `/api/admin/accounts/${id}/upgrade/`, { amount: 6000, method: 'cash_payment', reason: '', nonce: `cash-${id}` })).statusCode).toBe(200);

    const body = { amount: -5001, method: 'correction', reason: 'Paid out in cash', nonce: `large-${id}` };
    const prepared = await as('admin', 'POST', `/api/admin/accounts/${id}/upgrade/`, body);
    expect(prepared.statusCode, prepared.body).toBe(202);
    expect(prepared.json().result).toMatchObject({ status: 'pending', action: `correction:large-${id}`, amount: -5001, approve: { method: 'POST', path: `/api/admin/accounts/${id}/upgrade/`, body: expect.objectContaining({ amount: -5001, nonce: `large-${id}` }) } });
    expect(await postings(id)).toEqual([
      ['correction', 5000],
      ['topup', 6000],
    ]);
    expect((await as('admin', 'POST', `/api/admin/accounts/${id}/upgrade/`, body)).statusCode).toBe(409);

    const [a, b] = await Promise.all([as('admin2', 'POST', `/api/admin/accounts/${id}/upgrade/`, body), as('admin3', 'POST', `/api/admin/accounts/${id}/upgrade/`, body)]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(await postings(id)).toEqual([
      ['correction', 5000],
      ['topup', 6000],
      ['correction', -5001],
    ]);
    expect((await approvalsAudit(id)).filter((e) => e.startsWith('approval.approved'))).toHaveLength(1);
  });

  it('takes the four-eyes threshold from the settings, and a rejected correction is never booked', async () => {
    const put = await as('admin', 'PUT', '/api/admin/settings/', { fourEyesAboveCents: 1000 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().result.fourEyesAboveCents).toBe(1000);
    const id = (await as('admin', 'POST', '/api/admin/accounts/', { name: 'Drempel Daan' })).json().result.id as string;
    const body = { amount: 1001, method: 'correction', reason: 'Refund of a broken crate', nonce: `mid-${id}` };
    expect((await as('admin', 'POST', `/api/admin/accounts/${id}/upgrade/`, body)).statusCode).toBe(202);
    const reject = await as('admin2', 'DELETE', `/api/admin/approvals/accounts/${encodeURIComponent(`account:${id}:correction:mid-${id}`)}`);
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await postings(id)).toEqual([]);
    // Asked again after the reject, it is a new preparation (by admin2 now), not an approval.
    expect((await as('admin2', 'POST', `/api/admin/accounts/${id}/upgrade/`, body)).statusCode).toBe(202);
    expect(await postings(id)).toEqual([]);
    expect(await approvalsAudit(id)).toEqual(['approval.prepared admin', 'approval.prepared admin2', 'approval.rejected admin2']);
    expect((await as('admin', 'PUT', '/api/admin/settings/', { fourEyesAboveCents: 5000 })).statusCode).toBe(200);
  });
});
