import { clearRedisPrefix } from '@kassa/service-kit/testing';
import { startMailCatcher, type MailCatcher } from '@kassa/test-stack/mail';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DormantRound } from '@kassa/contracts';
import { userModel } from '../identity/models/user.model';
import { auditLogModel } from '../ledger/models/audit-log.model';
import { accountModel } from '../ledger/models/account.model';
import { postingModel } from '../ledger/models/posting.model';
import { startNoticesWorker } from '../notices/jobs/notices-worker';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app';

const silent = pino({ level: 'silent' });
const DAY = 86_400_000;

/**
 * Dormant accounts (issue 48 §5): an account unused for more than a year is told once by mail (a round run twice at
 * once), one used since is kept, one that owes is left to the debtors page, and after the 14 days two board members
 * close the rest with their balance expired, once (two approvers at once). The clock is moved, not waited for.
 */
describe('dormant accounts, by the terms', () => {
  let catcher: MailCatcher;
  let app: AccountsTestApp;
  let worker: Awaited<ReturnType<typeof startNoticesWorker>>;
  const start = Date.now();
  let clock = new Date(start);
  let admin: string;
  let admin2: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, env: { SMTP_URL: catcher.smtpUrl, MAIL_FROM: 'Kassa <bestuur@example.org>' }, deps: { now: () => clock } }));
    worker = await startNoticesWorker(app.accounts.env, app.db, silent, { now: () => clock });
    [admin, admin2] = [await loginAs(app, 'admin'), await loginAs(app, 'admin2')];
  });
  afterAll(async () => {
    await worker.close();
    await clearRedisPrefix(app.accounts.env.REDIS_URL, app.accounts.env.QUEUE_PREFIX);
    await stopAccountsTestApp(app);
    await catcher.close();
  });

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const post = (accountId: string, amount: number, key: string, kind = amount < 0 ? 'purchase' : 'topup', extra: object = {}) =>
    internalPost(app, '/internal/ledger/postings', { target: { accountId }, amount, key, kind, ref: 'test', ...extra });
  async function account(name: string, balance: number, over: object = {}) {
    const id = (await call(admin, 'POST', '/api/admin/accounts/', { name, ...over })).json().result.id as string;
    if (balance > 0) expect((await post(id, balance, `${name}:in`)).statusCode).toBe(200);
    if (balance < 0) expect((await post(id, balance, `${name}:owes`, 'correction', { allowNegative: true })).statusCode).toBe(200);
    return id;
  }
  const round = async () => (await call(admin, 'GET', '/api/admin/dormant/')).json().result as DormantRound;
  const stateOf = (r: DormantRound, id: string) => r.items.find((i) => i.accountId === id)?.state;

  it('tells each unused account once, keeps one used since, leaves debt to the debtors page, and closes the rest on four eyes', async () => {
    const a = await account('Slaper Anna', 1_500);
    const b = await account('Slaper Bram', 700);
    const c = await account('Slaper Cas', -500, { creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', mandateId: 'KASSA-SLAPER-C', mandateSignedAt: '2025-01-01' });
    const d = await account('Wakker Dirk', 900);
    await userModel(app.db).create({ username: 'slaper-anna', displayName: 'Anna', email: 'anna@example.org', language: 'nl', accountId: a });

    // 390 days on Dirk buys something; 400 days on the round runs, twice at once.
    clock = new Date(start + 390 * DAY);
    expect((await post(d, -100, 'dirk:koffie')).statusCode).toBe(200);
    clock = new Date(start + 400 * DAY);
    const runs = await Promise.all([call(admin, 'POST', '/api/admin/dormant/run'), call(admin2, 'POST', '/api/admin/dormant/run')]);
    for (const r of runs) expect(r.statusCode, r.body).toBe(200);
    let r = await round();
    expect(stateOf(r, a)).toBe('waiting');
    expect(stateOf(r, b)).toBe('waiting');
    expect(stateOf(r, c)).toBe('owes');
    expect(stateOf(r, d)).toBeUndefined();
    expect(r.items.find((i) => i.accountId === a)).toMatchObject({ balanceWhenTold: 1_500, told: 1 });

    const mail = await catcher.next((m) => m.to.includes('anna@example.org'));
    expect(mail.subject).toBe('Je account wordt gesloten');
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('€ 15,00');
    // Run again later the same month: nobody told twice.
    expect((await call(admin, 'POST', '/api/admin/dormant/run')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.mails.filter((m) => m.to.includes('anna@example.org'))).toHaveLength(1);

    // Bram uses his account within the 14 days: kept. Closing before the 14 days are over closes nothing.
    clock = new Date(start + 405 * DAY);
    expect((await post(b, -200, 'bram:bier')).statusCode).toBe(200);
    expect(stateOf(await round(), b)).toBe('used');
    const early = await call(admin, 'POST', `/api/admin/dormant/${r.month}/close`);
    expect(early.statusCode).toBe(409);

    // After the 14 days: admin prepares, cannot approve alone; admin2 approves twice at once.
    clock = new Date(start + 415 * DAY);
    r = await round();
    expect(stateOf(r, a)).toBe('to_close');
    // The demo's accounts are unused this far on too: the round holds them as well.
    expect(r.toExpire).toBe(r.items.filter((i) => i.state === 'to_close').reduce((sum, i) => sum + i.balance, 0));
    expect(r.toExpire).toBeGreaterThanOrEqual(1_500);
    expect((await call(admin, 'POST', `/api/admin/dormant/${r.month}/close`)).statusCode).toBe(202);
    expect((await call(admin, 'POST', `/api/admin/dormant/${r.month}/close`)).json().errorMessage).toMatch(/Another admin must approve this/);
    const closes = await Promise.all([call(admin2, 'POST', `/api/admin/dormant/${r.month}/close`), call(admin2, 'POST', `/api/admin/dormant/${r.month}/close`)]);
    for (const x of closes) expect([200, 409]).toContain(x.statusCode);
    expect(closes.map((x) => x.statusCode)).toContain(200);

    expect((await accountModel(app.db).findById(a).lean())?.closedAt).toBeInstanceOf(Date);
    expect(await postingModel(app.db).find({ accountId: a, kind: 'expiry' }).lean()).toEqual([expect.objectContaining({ amount: -1_500, balanceAfter: 0 })]);
    expect(await auditLogModel(app.db).countDocuments({ entityId: a, action: 'account.close' })).toBe(1);
    expect((await accountModel(app.db).findById(b).lean())?.closedAt).toBeNull();
    expect((await accountModel(app.db).findById(c).lean())?.closedAt).toBeNull();
    r = await round();
    expect(stateOf(r, a)).toBe('closed');
    expect(stateOf(r, c)).toBe('owes');
  });
});
