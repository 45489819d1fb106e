import { startMailCatcher, type MailCatcher } from '@kassa/test-stack/mail';
import { clearRedisPrefix } from '@kassa/service-kit/testing';
import type { Job, Worker } from 'bullmq';
import { createTransport } from 'nodemailer';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userModel } from '../identity/models/user.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app';
import { startNoticesWorker } from './jobs/notices-worker';
import { noticeJobId, sendNotice, type NoticeJobData } from './jobs/send-notice.job';
import { noticeModel, noticeSendModel } from './models/notice.model';
import { sendDebtReminders } from './debt-reminders';
import { Notices, queueNotice } from './notices';

const silent = pino({ level: 'silent' });
/** The amounts have a no-break space after the euro sign, as on every page; read here with a plain one. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

/** Resolves once each of `jobIds` has completed on one of the workers (listen before the jobs are added). */
function completed(workers: Worker<NoticeJobData>[], jobIds: string[]): Promise<unknown[]> {
  return Promise.all(
    jobIds.map(
      (id) =>
        new Promise((resolve) => {
          const onDone = (job: Job<NoticeJobData>, result: unknown) => {
            if (job.id !== id) return;
            for (const w of workers) w.off('completed', onDone);
            resolve(result);
          };
          for (const w of workers) w.on('completed', onDone);
        }),
    ),
  );
}

describe('notices: mail to members through real SMTP', () => {
  let catcher: MailCatcher;
  let app: AccountsTestApp;
  let workers: Awaited<ReturnType<typeof startNoticesWorker>>[];
  let admin: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, env: { SMTP_URL: catcher.smtpUrl, MAIL_FROM: 'Kassa <bestuur@example.org>' } }));
    // Two workers on the one queue, as two replicas of the accounts worker.
    workers = [await startNoticesWorker(app.accounts.env, app.db, silent), await startNoticesWorker(app.accounts.env, app.db, silent)];
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await clearRedisPrefix(app.accounts.env.REDIS_URL, app.accounts.env.QUEUE_PREFIX);
    await stopAccountsTestApp(app);
    await catcher.close();
  });

  let n = 0;
  async function member(language: 'nl' | 'en' = 'nl', email: string | null = null) {
    n += 1;
    const user = await userModel(app.db).create({ username: `lid${n}`, displayName: `Lid ${n}`, email: email ?? `lid${n}@example.org`, language });
    return user.toObject();
  }
  const deps = (url = catcher.smtpUrl) => ({ db: app.db, transport: createTransport(url), from: 'Kassa <bestuur@example.org>', now: () => new Date() });

  it('sends a notice through SMTP: the catcher reads back recipient, subject, amount and date in the member\'s language', async () => {
    const nl = await member('nl');
    const en = await member('en');
    const data = { amount: 123456, collectionDate: '2026-12-17', mandateId: 'KASSA-0001', creditorId: 'NL98ZZZ999999999999' };
    await queueNotice({ notices: app.accounts.notices }, { key: `test.prenote:${String(nl._id)}`, kind: 'direct_debit.prenotification', user: nl, data });
    await queueNotice({ notices: app.accounts.notices }, { key: `test.prenote:${String(en._id)}`, kind: 'direct_debit.prenotification', user: en, data });

    const dutch = await catcher.next((m) => m.to.includes(nl.email!));
    expect(plain(dutch.subject)).toBe('Aankondiging incasso van € 1.234,56');
    expect(dutch.from).toBe('bestuur@example.org');
    expect(dutch.text).toContain(`Beste ${nl.displayName},`);
    expect(plain(dutch.text)).toContain('Op 17 december 2026 schrijven we € 1.234,56 van je rekening af.');
    expect(dutch.text).toContain('Machtigingskenmerk: KASSA-0001');
    expect(dutch.headers['x-kassa-notice']).toBe(`test.prenote:${String(nl._id)}`);

    const english = await catcher.next((m) => m.to.includes(en.email!));
    expect(plain(english.subject)).toBe('Direct debit of € 1.234,56 announced');
    expect(plain(english.text)).toContain('On 17 December 2026 we will collect € 1.234,56 from your bank account.');
    expect(english.text).toContain(`Dear ${en.displayName},`);
  });

  it('the same notice queued twice and run by two workers at once is sent once', async () => {
    const m = await member();
    const key = `test.twice:${String(m._id)}`;
    const ws = workers.map((w) => w.worker);
    // The queue keeps one job per key; a second job for the same key (a stalled job taken over, a replica with its own
    // id) is the case the send claim is for.
    const done = completed(ws, [noticeJobId(key), 'second-job-same-notice']);
    const [a, b] = await Promise.all([
      queueNotice({ notices: app.accounts.notices }, { key, kind: 'balance.low', user: m, data: { balance: 150, threshold: 500 } }),
      queueNotice({ notices: app.accounts.notices }, { key, kind: 'balance.low', user: m, data: { balance: 150, threshold: 500 } }),
    ]);
    expect(String(a._id)).toBe(String(b._id));
    await workers[1]!.queue.add('send', { key }, { jobId: 'second-job-same-notice' });
    const outcomes = await done;
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(catcher.mails.filter((mail) => mail.to.includes(m.email!))).toHaveLength(1);
    expect(await noticeModel(app.db).countDocuments({ key })).toBe(1);
    const stored = await noticeModel(app.db).findOne({ key }).lean();
    expect(stored).toMatchObject({ to: m.email, tries: 1, lastError: null });
    expect(plain(stored!.subject)).toBe('Je saldo is € 1,50');
    expect(stored?.sentAt).toBeInstanceOf(Date);
  });

  it('two senders racing on one notice: one sends, the other finds the claim', async () => {
    const m = await member();
    const key = `test.race:${String(m._id)}`;
    // Recorded without a job: the two senders below are the only ones.
    await noticeModel(app.db).create({ key, userId: m._id, kind: 'terms.changed', to: m.email, language: 'nl', subject: 'Race', text: 'x', createdAt: new Date() });
    const outcomes = await Promise.all([sendNotice(deps(), key), sendNotice(deps(), key), sendNotice(deps(), key)]);
    expect(outcomes.sort()).toEqual(['claimed', 'claimed', 'sent']);
    expect(catcher.mails.filter((mail) => mail.to.includes(m.email!))).toHaveLength(1);
    expect(await sendNotice(deps(), key)).toBe('already_sent');
  });

  it('a mail server that refuses: the claim is given back, the try counted, and the retry sends', async () => {
    const m = await member();
    const key = `test.retry:${String(m._id)}`;
    await noticeModel(app.db).create({ key, userId: m._id, kind: 'terms.changed', to: m.email, language: 'nl', subject: 'Retry', text: 'x', createdAt: new Date() });
    // A port nothing listens on: the connection is refused.
    const closed = await startMailCatcher();
    const deadUrl = closed.smtpUrl;
    await closed.close();
    await expect(sendNotice(deps(deadUrl), key)).rejects.toThrow();
    expect(await noticeSendModel(app.db).exists({ _id: `send:${key}` })).toBeNull();
    const failed = await noticeModel(app.db).findOne({ key }).lean();
    expect(failed).toMatchObject({ sentAt: null, tries: 1 });
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);

    expect(await sendNotice(deps(), key)).toBe('sent');
    expect(await noticeModel(app.db).findOne({ key }).lean()).toMatchObject({ tries: 2, lastError: null });
    expect(catcher.mails.filter((mail) => mail.to.includes(m.email!))).toHaveLength(1);
  });

  it('Redis away while queueing: the notice is recorded, the caller hears so, and the next worker start sends it', async () => {
    const m = await member();
    const key = `test.redis-away:${String(m._id)}`;
    // Nothing listens on port 1.
    const away = new Notices(app.db, { REDIS_URL: 'redis://127.0.0.1:1', QUEUE_PREFIX: app.accounts.env.QUEUE_PREFIX }, silent, () => new Date());
    await expect(away.queue({ key, kind: 'balance.low', user: m, data: { balance: 10, threshold: 500 } })).rejects.toThrow(/Redis is not reachable/);
    await away.close();
    expect(await noticeModel(app.db).findOne({ key }).lean()).toMatchObject({ to: m.email, sentAt: null, tries: 0 });
    const restarted = await startNoticesWorker(app.accounts.env, app.db, silent);
    try {
      const mail = await catcher.next((x) => x.to.includes(m.email!));
      expect(mail.headers['x-kassa-notice']).toBe(key);
    } finally {
      await restarted.close();
    }
  });

  it("tells a direct-debit batch's members once (asked twice at once): amount, date, mandate and creditor id by mail; an account without a user is untold", async () => {
    const lid = await member('nl', 'incasso@example.org');
    const account = await app.inject({ method: 'POST', url: '/api/admin/accounts/', headers: bearer(admin), payload: { name: 'Incasso Lid' } });
    const accountId = account.json().result.id as string;
    await userModel(app.db).updateOne({ _id: lid._id }, { $set: { accountId } });
    const lonely = (await app.inject({ method: 'POST', url: '/api/admin/accounts/', headers: bearer(admin), payload: { name: 'Niemand Thuis' } })).json().result.id as string;
    const batchId = 'b'.repeat(24);
    const body = {
      batchId,
      collectionDate: '2026-12-21',
      creditorId: 'NL28ZZZ401234560000',
      debits: [
        { accountId, name: 'Incasso Lid', amount: 4_321, mandateId: 'KASSA-0042' },
        { accountId: lonely, name: 'Niemand Thuis', amount: 100, mandateId: 'KASSA-0043' },
      ],
    };
    const answers = await Promise.all([internalPost(app, '/internal/notices/direct-debit', body), internalPost(app, '/internal/notices/direct-debit', body)]);
    for (const a of answers) expect(a.json().result).toEqual({ told: 1, untold: [{ accountId: lonely, name: 'Niemand Thuis' }] });
    const mail = await catcher.next((m) => m.to.includes('incasso@example.org'));
    expect(plain(mail.subject)).toBe('Aankondiging incasso van € 43,21');
    expect(plain(mail.text)).toContain('Op 21 december 2026 schrijven we € 43,21 van je rekening af.');
    expect(mail.text).toContain('Machtigingskenmerk: KASSA-0042');
    expect(mail.text).toContain('NL28ZZZ401234560000');
    expect(await noticeModel(app.db).countDocuments({ key: { $regex: `^direct_debit.prenotification:${batchId}:` } })).toBe(1);
  });

  it('mails the member of a failed direct debit once (the failure told twice): the amount, the day, and to top up', async () => {
    const lid = await member('nl', 'mislukt@example.org');
    const account = await app.inject({ method: 'POST', url: '/api/admin/accounts/', headers: bearer(admin), payload: { name: 'Mislukt Lid' } });
    const accountId = account.json().result.id as string;
    await userModel(app.db).updateOne({ _id: lid._id }, { $set: { accountId } });
    const failure = { batchId: 'c'.repeat(24), amount: 2_550, at: '2026-12-02T09:00:00.000Z' };
    for (const answer of await Promise.all([1, 2].map(() => internalPost(app, `/internal/accounts/${accountId}/direct-debit-failure`, failure)))) {
      expect(answer.statusCode).toBe(200);
    }
    const mail = await catcher.next((m) => m.to.includes('mislukt@example.org'));
    expect(plain(mail.subject)).toBe('Incasso van € 25,50 mislukt');
    expect(plain(mail.text)).toContain('De incasso van € 25,50 is op 2 december 2026 mislukt of gestorneerd.');
    expect(await noticeModel(app.db).countDocuments({ accountId, kind: 'debit.failed' })).toBe(1);
  });

  it('reminds a member who still owes after a failed debit on the 7th and 21st day, once each (two runs at once), and no more once paid', async () => {
    const lid = await member('nl', 'herinnering@example.org');
    const account = await app.inject({ method: 'POST', url: '/api/admin/accounts/', headers: bearer(admin), payload: { name: 'Herinnering Lid' } });
    const accountId = account.json().result.id as string;
    await userModel(app.db).updateOne({ _id: lid._id }, { $set: { accountId } });
    await app.accounts.ledger.post({ accountId, amount: -3_000, key: `herinnering:${accountId}`, kind: 'correction', ref: 'test', description: 'owes', allowNegative: true });
    await app.accounts.ledger.settled();
    const failedAt = new Date('2026-11-02T10:00:00Z');
    expect((await internalPost(app, `/internal/accounts/${accountId}/direct-debit-failure`, { batchId: 'd'.repeat(24), amount: 3_000, at: failedAt.toISOString() })).statusCode).toBe(200);
    const at = (day: string) => ({ db: app.db, notices: app.accounts.notices, now: () => new Date(`${day}T12:00:00Z`) });
    const reminders = () => noticeModel(app.db).countDocuments({ accountId, kind: 'debit.reminder' });

    await sendDebtReminders(at('2026-11-08'));
    expect(await reminders()).toBe(0);
    await Promise.all([sendDebtReminders(at('2026-11-09')), sendDebtReminders(at('2026-11-09'))]);
    expect(await reminders()).toBe(1);
    const first = await catcher.next((m) => m.to.includes('herinnering@example.org') && m.subject.startsWith('Herinnering 1'));
    expect(plain(first.text)).toContain('€ 30,00');
    expect(plain(first.text)).toContain('2 december 2026');
    await sendDebtReminders(at('2026-11-23'));
    expect(await reminders()).toBe(2);

    // Paid: the balance back at zero, no reminder however late.
    await app.accounts.ledger.post({ accountId, amount: 3_000, key: `herinnering-betaald:${accountId}`, kind: 'topup', ref: 'test', description: 'paid' });
    await app.accounts.ledger.settled();
    await noticeModel(app.db).deleteMany({ accountId, kind: 'debit.reminder' });
    await sendDebtReminders(at('2026-12-01'));
    expect(await reminders()).toBe(0);
  });

  describe('account requests and the member\'s profile', () => {
    const ask = (token: string) =>
      app.inject({ method: 'POST', url: '/api/account_request/request', headers: bearer(token), payload: { pin: '2468', acceptTerms: true, creditAccount: false, name: 'Mail Lid' } });
    const decide = (id: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/admin/account_requests/${id}/status`, headers: bearer(admin), payload });

    async function newbie(username: string) {
      const model = await userModel(app.db).findOne({ username: 'newbie' }).lean();
      await userModel(app.db).create({ username, passwordHash: model?.passwordHash, registerId: model?.registerId, displayName: `Nieuw ${username}` });
      return loginAs(app, username, 'newbie');
    }

    it('the low-balance mail: once when a payment takes the balance below the threshold, again only after it rose above it', async () => {
      const token = await newbie('laagsaldo');
      const account = await app.inject({ method: 'POST', url: '/api/admin/accounts/', headers: bearer(admin), payload: { name: 'Laag Saldo' } });
      expect(account.statusCode).toBe(200);
      const accountId = account.json().result.id as string;
      await userModel(app.db).updateOne({ username: 'laagsaldo' }, { $set: { accountId } });
      const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(token), payload });
      expect((await put({ email: 'laagsaldo@example.org', language: 'nl', lowBalance: -1 })).statusCode).toBe(422);
      const saved = await put({ email: 'laagsaldo@example.org', language: 'nl', lowBalance: 500 });
      expect(saved.json().result).toMatchObject({ lowBalance: 500 });
      const post = (amount: number, key: string) => app.accounts.ledger.post({ accountId, amount, key: `laag:${key}`, kind: amount > 0 ? 'topup' : 'purchase', ref: key, description: key });

      await post(1000, 'opwaarderen');
      await post(-300, 'pils-1');
      await post(-300, 'pils-2');
      const mail = await catcher.next((m) => m.to.includes('laagsaldo@example.org'));
      expect(plain(mail.subject)).toBe('Je saldo is € 4,00');
      expect(plain(mail.text)).toContain('€ 5,00');
      // Below it already: no second mail for the next purchase; above it and below again: the next one.
      await post(-100, 'pils-3');
      await post(800, 'opwaarderen-2');
      await post(-700, 'wijn');
      const again = await catcher.next((m) => m.to.includes('laagsaldo@example.org') && plain(m.subject) === 'Je saldo is € 4,00' && m.id !== mail.id);
      expect(again).toBeTruthy();
      const notices = await noticeModel(app.db).find({ accountId, kind: 'balance.low' }).lean();
      expect(notices).toHaveLength(2);
      // Switched off: no mail.
      await put({ email: 'laagsaldo@example.org', language: 'nl', lowBalance: null });
      await post(1000, 'opwaarderen-3');
      const { seq } = await post(-1000, 'feest');
      // The check runs after the posting's answer; run it here again and wait for it.
      await app.accounts.lowBalance.check({ accountId, seq, amount: -1000, balanceAfter: 400 });
      expect(await noticeModel(app.db).countDocuments({ accountId, kind: 'balance.low' })).toBe(2);
    });

    it('the profile: e-mail and language read back, a bad address or language refused with lines, empty removes it', async () => {
      const token = await newbie('profiel');
      const get = async () => (await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) })).json();
      expect((await get()).result).toEqual({ username: 'profiel', email: null, language: 'nl', lowBalance: null });
      const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(token), payload });
      const saved = await put({ email: ' profiel@example.org ', language: 'en' });
      expect(saved.statusCode).toBe(200);
      expect((await get()).result).toEqual({ username: 'profiel', email: 'profiel@example.org', language: 'en', lowBalance: null });
      const bad = await put({ email: 'not-an-address', language: 'de' });
      expect(bad.statusCode).toBe(422);
      const lines = (bad.json().detail as { loc: string[]; msg: string }[]).map((d) => `${d.loc.join('.')}: ${d.msg}`);
      expect(lines).toEqual(['body.email: Enter an e-mail address like lid@example.nl.', 'body.language: Choose Nederlands or English.']);
      expect((await put({ email: '', language: 'nl' })).statusCode).toBe(200);
      expect((await get()).result.email).toBeNull();
      expect((await app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
    });

    it('approving a request mails the member once (approved again, nothing more) and both lists show it', async () => {
      const token = await newbie('goedgekeurd');
      await app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(token), payload: { email: 'goedgekeurd@example.org', language: 'nl' } });
      const { id } = (await ask(token)).json().result;
      const key = `account_request.approved:${id}`;
      const done = completed(workers.map((w) => w.worker), [noticeJobId(key)]);
      expect((await decide(id, { status: 'approved' })).statusCode).toBe(200);
      const mail = await catcher.next((m) => m.to.includes('goedgekeurd@example.org'));
      expect(mail.subject).toBe('Je account is goedgekeurd');
      expect(mail.text).toContain('je account "Mail Lid" is klaar voor gebruik');
      expect(await done).toEqual(['sent']);
      expect((await decide(id, { status: 'approved' })).statusCode).toBe(200);
      expect(await noticeModel(app.db).countDocuments({ key })).toBe(1);

      const own = (await app.inject({ method: 'GET', url: '/api/account/notices', headers: bearer(token) })).json().result;
      expect(own.total).toBe(1);
      expect(own.items[0]).toMatchObject({ kind: 'account_request.approved', subject: 'Je account is goedgekeurd', to: 'goedgekeurd@example.org', tries: 1 });
      expect(own.items[0].sentAt).not.toBeNull();
      const board = (await app.inject({ method: 'GET', url: `/api/admin/accounts/${id}/notices/`, headers: bearer(admin) })).json().result;
      expect(board.items.map((x: { subject: string }) => x.subject)).toEqual(['Je account is goedgekeurd']);
      // Another member sees none of it; a member may not read the board's list.
      const other = await loginAs(app, 'member');
      expect((await app.inject({ method: 'GET', url: '/api/account/notices', headers: bearer(other) })).json().result.items).toEqual([]);
      expect((await app.inject({ method: 'GET', url: `/api/admin/accounts/${id}/notices/`, headers: bearer(other) })).statusCode).toBe(403);
    });

    it('declining mails the note in English to a member who chose it; without an address the notice is kept, not mailed', async () => {
      const token = await newbie('afgewezen');
      await app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(token), payload: { email: 'declined@example.org', language: 'en' } });
      const { id } = (await ask(token)).json().result;
      expect((await decide(id, { status: 'rejected', note: 'Not a member of the association' })).statusCode).toBe(200);
      const mail = await catcher.next((m) => m.to.includes('declined@example.org'));
      expect(mail.subject).toBe('Your account request was declined');
      expect(mail.text).toContain('Note: Not a member of the association');

      const silentToken = await newbie('zonderadres');
      const other = (await ask(silentToken)).json().result;
      expect((await decide(other.id, { status: 'rejected' })).statusCode).toBe(200);
      const own = (await app.inject({ method: 'GET', url: '/api/account/notices', headers: bearer(silentToken) })).json().result;
      expect(own.items[0]).toMatchObject({ kind: 'account_request.rejected', to: null, sentAt: null, lastError: 'No e-mail address' });
    });
  });
});
