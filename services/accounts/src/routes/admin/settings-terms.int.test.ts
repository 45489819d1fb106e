import { clearRedisPrefix } from '@kassa/service-kit/testing';
import { startMailCatcher, type MailCatcher } from '@kassa/test-stack/mail';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userModel } from '../../identity/models/user.model';
import { auditLogModel } from '../../ledger/models/audit-log.model';
import { startNoticesWorker } from '../../notices/jobs/notices-worker';
import { bearer, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app';

/**
 * New terms announced 14 days ahead (SPEC 1, issue 48 §1): refused sooner; every member told by mail at once; the
 * terms in force change on their day (the clock moved), when everyone accepts them again.
 */
describe('terms announced ahead', () => {
  let catcher: MailCatcher;
  let app: AccountsTestApp;
  let worker: Awaited<ReturnType<typeof startNoticesWorker>>;
  let clock = new Date('2026-12-04T10:00:00Z');
  let admin: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, env: { SMTP_URL: catcher.smtpUrl, MAIL_FROM: 'Kassa <bestuur@example.org>' }, deps: { now: () => clock } }));
    worker = await startNoticesWorker(app.accounts.env, app.db, pino({ level: 'silent' }), { now: () => clock });
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await worker.close();
    await clearRedisPrefix(app.accounts.env.REDIS_URL, app.accounts.env.QUEUE_PREFIX);
    await stopAccountsTestApp(app);
    await catcher.close();
  });

  const announce = (effectiveOn: string) => app.inject({ method: 'POST', url: '/api/admin/settings/terms', headers: bearer(admin), payload: { summary: 'Het statiegeld gaat naar € 0,25.', effectiveOn } });
  const config = async (token: string) => (await app.inject({ method: 'GET', url: '/api/config/', headers: bearer(token) })).json().result as { acceptedCurrentCondition: boolean };

  it('refuses a date sooner than 14 days, tells every member by mail, and puts the terms in force on their day', async () => {
    await userModel(app.db).updateOne({ username: 'member' }, { $set: { email: 'voorwaarden@example.org', language: 'nl' } });
    const member = await loginAs(app, 'member');
    expect((await config(member)).acceptedCurrentCondition).toBe(true);

    const soon = await announce('2026-12-17');
    expect(soon.statusCode).toBe(422);
    expect(soon.json().detail[0]).toMatchObject({ loc: ['body', 'effectiveOn'], msg: 'New terms take effect at least 14 days after they are announced: choose 2026-12-18 or later.' });

    const ok = await announce('2026-12-18');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result).toMatchObject({ conditionsVersion: 1, termsAnnouncement: { version: 2, effectiveOn: '2026-12-18' } });
    expect((await announce('2027-01-10')).statusCode).toBe(409);
    expect(await auditLogModel(app.db).countDocuments({ action: 'terms.announce' })).toBe(1);

    const mail = await catcher.next((m) => m.to.includes('voorwaarden@example.org'));
    expect(mail.subject).toBe('De voorwaarden veranderen');
    expect(mail.text).toContain('Op 18 december 2026 gaan nieuwe voorwaarden in.');
    expect(mail.text).toContain('Het statiegeld gaat naar');

    // Until the day the member goes on under the old terms; from it they accept again.
    clock = new Date('2026-12-17T22:00:00Z');
    expect((await config(member)).acceptedCurrentCondition).toBe(true);
    clock = new Date('2026-12-18T07:00:00Z');
    expect((await config(member)).acceptedCurrentCondition).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/api/user/condition/', headers: bearer(member) })).json().result).toMatchObject({ acceptedConditionVersion: 2 });
    expect((await config(member)).acceptedCurrentCondition).toBe(true);
    // Announced terms in force: the next announcement may come.
    expect((await announce('2027-01-10')).statusCode).toBe(200);
  });
});
