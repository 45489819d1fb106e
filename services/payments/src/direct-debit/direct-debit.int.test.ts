import { isBusinessDayString, nextBusinessDay } from '@kassa/contracts';
import { connectMongo, localDay, type ServiceApp } from '@kassa/service-kit';
import { clearRedisPrefix, dropTestDatabase, testEnv } from '@kassa/service-kit/testing';
import { type AccountsTestApp, accountModel, auditLogModel, bearer, loginAs, postingModel, startAccountsTestApp, stopAccountsTestApp } from '@kassa/test-stack/accounts';
import { Types } from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPaymentsApp } from '../app';
import { PaymentsEnv } from '../config';
import { directDebitFileProcessor } from './jobs/direct-debit-file.job';
import { startDirectDebitWorker } from './jobs/direct-debit-worker';
import { directDebitBatchModel, directDebitFileModel } from './models/direct-debit-batch.model';
import { schemaErrors } from './testing/xsd-check';

/**
 * Direct debit on the services: the real accounts service and ledger over HTTP, payments with its batches and the
 * file job, on FerretDB and Redis. Demo data: five credit accounts below zero (with mandates), plus this file's own.
 */
describe('direct debit: batches, file, collected, failed', () => {
  const log = pino({ level: 'silent' });
  let accounts: AccountsTestApp;
  let env: PaymentsEnv;
  let app: ServiceApp;
  let admin: string;
  /** Payments' clock: moved forward for a later batch. */
  let clock = new Date();
  const today = () => localDay(clock, 'Europe/Amsterdam');

  beforeAll(async () => {
    ({ app: accounts } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    const accountsUrl = await accounts.listen({ port: 0, host: '127.0.0.1' });
    env = PaymentsEnv.parse(testEnv(inject('mongoUri'), { ACCOUNTS_URL: accountsUrl }));
    const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_payments`);
    // No invoices here: checkout answers that none bills a debt (one-debt.int.test.ts runs the real one).
    app = await buildPaymentsApp(env, db, { now: () => new Date(clock), checkout: async (_path, schema) => schema.parse({ accounts: [] }) });
    admin = await loginAs(accounts, 'admin');
  });
  afterAll(async () => {
    await dropTestDatabase(app.db);
    await app.close();
    await stopAccountsTestApp(accounts);
    await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const settings = (payload: object) => accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers: bearer(admin), payload });
  const balance = async (id: string) => (await accounts.inject({ method: 'GET', url: `/api/admin/accounts/${id}/`, headers: bearer(admin) })).json().result;
  const writeFile = (batchId: string) => directDebitFileProcessor({ db: app.db, log })({ data: { batchId } });
  const newAccount = async (name: string, owes: number, fields: object) => {
    const made = await accounts.inject({ method: 'POST', url: '/api/admin/accounts/', headers: bearer(admin), payload: { name, creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', ...fields } });
    expect(made.statusCode).toBe(200);
    const id = made.json().result.id as string;
    const booked = await accounts.inject({
      method: 'POST',
      url: `/api/admin/accounts/${id}/upgrade/`,
      headers: bearer(admin),
      payload: { amount: -owes, method: 'correction', reason: 'test: owes money', nonce: `dd-test-${id}` },
    });
    expect(booked.statusCode).toBe(200);
    return id;
  };
  const mandate = { mandateId: 'KASSA-TEST-1', mandateSignedAt: '2025-09-01' };
  const dates = () => ({ collectionDate: nextBusinessDay(today()), cutoff: today() });
  const ids = { zoe: '', noMandate: '', noIban: '', closed: '' };

  it('refuses a batch before the creditor details are set, and a wrong creditor id in the settings', async () => {
    const res = await call('POST', '/api/admin/direct_debit/', dates());
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe('Set the creditor details first.');

    const wrong = await settings({ creditorName: 'Studievereniging Zoë', creditorIban: 'NL91ABNA0417164300', creditorBic: 'ABNANL2A', creditorId: 'NL29ZZZ401234560000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'creditorId'], msg: expect.stringContaining('Invalid creditor id') })]);
    // Members told a day ahead: this file's batches collect on the next business day (the default is 14 days).
    const right = await settings({ creditorName: 'Studievereniging Zoë', creditorIban: 'NL91 ABNA 0417 1643 00', creditorBic: 'ABNANL2A', creditorId: 'NL28ZZZ401234560000', prenotificationDays: 1 });
    expect(right.statusCode).toBe(200);
    expect(right.json().result).toMatchObject({ creditorIban: 'NL91ABNA0417164300', creditorId: 'NL28ZZZ401234560000' });
    const entries = await auditLogModel(accounts.db).find({ action: 'settings.update' }).lean();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: { creditorId: '' }, after: { creditorId: 'NL28ZZZ401234560000' } });
  });

  it('refuses a collection date on a weekend or a holiday, or not a business day ahead, with a line', async () => {
    let saturday = today();
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = nextDay(saturday);
    const year = Number(today().slice(0, 4)) + 1;
    for (const collectionDate of [saturday, `${year}-12-25`, `${year}-01-01`, today()]) {
      const res = await call('POST', '/api/admin/direct_debit/', { collectionDate, cutoff: today() });
      expect(res.statusCode, collectionDate).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'collectionDate'] })]);
    }
    expect(isBusinessDayString(saturday)).toBe(false);
  });

  it('previews and makes a batch of every credit account owing money, with the skipped ones and why', async () => {
    ids.zoe = await newAccount('Zoë Émile Ömer', 1_000, mandate);
    ids.noMandate = await newAccount('Geen Mandaat', 700, {});
    ids.noIban = await newAccount('Geen IBAN', 300, mandate);
    await accountModel(accounts.db).updateOne({ _id: ids.noIban }, { $set: { iban: null, bic: null } });
    ids.closed = await newAccount('Opgezegd', 200, mandate);
    await accountModel(accounts.db).updateOne({ _id: ids.closed }, { $set: { closedAt: new Date() } });

    const preview = await call('GET', `/api/admin/direct_debit/preview?collectionDate=${dates().collectionDate}&cutoff=${dates().cutoff}`);
    expect(preview.statusCode).toBe(200);
    const p = preview.json().result;
    // The demo's five credit accounts below zero (12,50 + 43,20 + 8,90 + 20,75 + 3,15) and Zoë's 10,00.
    expect(p.count).toBe(6);
    expect(p.total).toBe(1_250 + 4_320 + 890 + 2_075 + 315 + 1_000);
    expect(p.debits.map((d: { name: string }) => d.name)).toContain('Zoë Émile Ömer');
    expect(p.skipped).toEqual(
      expect.arrayContaining([
        { accountId: ids.noMandate, name: 'Geen Mandaat', amount: 700, reason: 'no_mandate' },
        { accountId: ids.noIban, name: 'Geen IBAN', amount: 300, reason: 'no_iban' },
        { accountId: ids.closed, name: 'Opgezegd', amount: 200, reason: 'closed' },
      ]),
    );
    expect(p.skipped).toHaveLength(3);

    const made = await call('POST', '/api/admin/direct_debit/', dates());
    expect(made.statusCode).toBe(200);
    expect(made.json().result).toMatchObject({ status: 'open', fileStatus: 'pending', count: 6, total: p.total, skippedCount: 3 });
    // The members were told when it was made: each account's users have the notice; Zoë's account has no user to tell.
    const { prenotice, id } = made.json().result as { id: string; prenotice: { told: number; untold: { accountId: string; name: string }[]; days: number } };
    expect(prenotice).toMatchObject({ days: 1 });
    expect(prenotice.told + prenotice.untold.length).toBe(6);
    expect(prenotice.untold).toContainEqual({ accountId: ids.zoe, name: 'Zoë Émile Ömer' });
    const notices = await accounts.db.collection('notices').find({ kind: 'direct_debit.prenotification', key: { $regex: `^direct_debit.prenotification:${id}:` } }).toArray();
    expect(new Set(notices.map((n) => String(n.accountId))).size).toBe(prenotice.told);
    for (const n of notices) expect(n.subject).toMatch(/^Aankondiging incasso van € /);
  });

  it('refuses a collection date nearer than the pre-notification period, and the file of a batch whose members were told too late', async () => {
    expect((await settings({ prenotificationDays: 14 })).statusCode).toBe(200);
    try {
      const near = await call('GET', `/api/admin/direct_debit/preview?collectionDate=${dates().collectionDate}&cutoff=${dates().cutoff}`);
      expect(near.statusCode).toBe(422);
      expect(near.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'collectionDate'], msg: expect.stringContaining('Members are told of a direct debit 14 days ahead') })]);
    } finally {
      expect((await settings({ prenotificationDays: 1 })).statusCode).toBe(200);
    }
    const open = (await call('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0] as { id: string; collectionDate: string };
    const batches = app.db.collection('directdebitbatches');
    const told = (await batches.findOne({ _id: new Types.ObjectId(open.id) }))!.prenotice as { at: Date };
    // Told on the collection day itself: too late for the bank's file.
    await batches.updateOne({ _id: new Types.ObjectId(open.id) }, { $set: { 'prenotice.at': new Date(`${open.collectionDate}T12:00:00Z`) } });
    try {
      const file = await call('GET', `/api/admin/direct_debit/${open.id}/file`);
      expect(file.statusCode).toBe(409);
      expect(file.json().errorMessage).toMatch(/^The members were told on .*, less than 1 day before the collection on .*: cancel this batch and make one with a later collection date\.$/);
    } finally {
      await batches.updateOne({ _id: new Types.ObjectId(open.id) }, { $set: { 'prenotice.at': told.at } });
    }
  });

  it('answers 409 for a second batch of the same cut-off unless the first was cancelled', async () => {
    const first = (await call('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0];
    const again = await call('POST', '/api/admin/direct_debit/', dates());
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toContain(`cut-off ${today()}`);

    const cancelled = await call('POST', `/api/admin/direct_debit/${first.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().result.status).toBe('cancelled');
    const second = await call('POST', '/api/admin/direct_debit/', dates());
    expect(second.statusCode).toBe(200);
    expect(second.json().result.msgId).not.toBe(first.msgId);
  });

  it('writes a pain.008 file with transliterated names that downloads as the same bytes twice', async () => {
    const batch = (await call('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0];
    expect((await call('GET', `/api/admin/direct_debit/${batch.id}/file`)).statusCode).toBe(409);
    expect(await writeFile(batch.id)).toBe('ready');
    const one = await call('GET', `/api/admin/direct_debit/${batch.id}/file`);
    const two = await call('GET', `/api/admin/direct_debit/${batch.id}/file`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('application/xml');
    expect(one.rawPayload.equals(two.rawPayload)).toBe(true);
    // Writing it again (a job that ran twice) keeps the stored file.
    await writeFile(batch.id);
    expect((await call('GET', `/api/admin/direct_debit/${batch.id}/file`)).rawPayload.equals(one.rawPayload)).toBe(true);
    const xml = one.body;
    expect(xml).toContain('<Nm>Zoe Emile Omer</Nm>');
    expect(xml).toContain('<Nm>Studievereniging Zoe</Nm>');
    expect(xml.match(/<NbOfTxs>6<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>98.50<\/CtrlSum>/g)).toHaveLength(2);
    // The demo's batch as the bank gets it: valid against the official schemas.
    expect(schemaErrors('pain.008.001.02', xml)).toEqual([]);
    const v08 = await call('GET', `/api/admin/direct_debit/${batch.id}/file?format=pain.008.001.08`);
    expect(v08.body).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    expect(schemaErrors('pain.008.001.08', v08.body)).toEqual([]);
  });

  it('reads the file as written from the stored files: a write of the batch at the same moment cannot lose it', async () => {
    const batch = (await call('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0];
    const Batch = directDebitBatchModel(app.db);
    const stored = await Batch.findById(batch.id).lean();
    // What FerretDB does with an update that read the batch before the file was written (the pre-notification made
    // with the batch): the whole document as it was read, back.
    await Batch.replaceOne({ _id: stored!._id }, { ...stored!, fileStatus: 'pending', fileError: null });
    expect((await call('GET', `/api/admin/direct_debit/${batch.id}/`)).json().result.batch).toMatchObject({ fileStatus: 'ready', fileError: null });
    expect((await call('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0]).toMatchObject({ id: batch.id, fileStatus: 'ready' });
    expect((await call('GET', `/api/admin/direct_debit/${batch.id}/file`)).statusCode).toBe(200);
  });

  it('on a restart queues the file of an open batch only while its files are not stored', async () => {
    const batch = (await call('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0];
    const restartJob = async () => {
      const worker = await startDirectDebitWorker(env, app.db, log);
      try {
        return await worker.queue.getJob(`file-${batch.id}-restart`);
      } finally {
        await worker.close();
      }
    };
    expect(await restartJob()).toBeUndefined();
    await directDebitFileModel(app.db).deleteMany({ batchId: batch.id, format: 'pain.008.001.08' });
    expect((await restartJob())?.data).toEqual({ batchId: batch.id });
    expect(await writeFile(batch.id)).toBe('ready');
  });

  it('refuses to mark a batch collected before its collection date in Dutch time, and says when', async () => {
    const batch = (await call('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0];
    // The last quarter hour before the collection date begins in Amsterdam (22:45 or 21:45 UTC, by the season).
    clock = new Date(Date.parse(`${batch.collectionDate}T00:00:00Z`) - 4 * 3_600_000);
    while (localDay(new Date(clock.getTime() + 15 * 60_000), 'Europe/Amsterdam') !== batch.collectionDate) clock = new Date(clock.getTime() + 15 * 60_000);
    expect(today()).not.toBe(batch.collectionDate);
    const early = await call('POST', `/api/admin/direct_debit/${batch.id}/collected`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errorMessage).toMatch(/^The bank collects this batch on \d+ \p{L}+ \d{4}: mark it collected on that day or later\.$/u);
    expect((await call('GET', `/api/admin/direct_debit/${batch.id}/`)).json().result).toMatchObject({ collectable: false, batch: { status: 'open' } });
    // A quarter of an hour later it is midnight in Amsterdam, an hour before it is in UTC: the collection date has begun.
    clock = new Date(clock.getTime() + 15 * 60_000);
    expect(today()).toBe(batch.collectionDate);
    expect((await call('GET', `/api/admin/direct_debit/${batch.id}/`)).json().result.collectable).toBe(true);
  });

  it('four eyes: one admin prepares (nothing booked, the same admin gets 409), two others approving at once book each debit once', async () => {
    const batch = (await call('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0];
    const collected = `/api/admin/direct_debit/${batch.id}/collected`;
    const prepared = await call('POST', collected);
    expect(prepared.statusCode, prepared.body).toBe(202);
    expect(prepared.json().result).toMatchObject({ status: 'pending', message: 'Prepared by admin; another admin must approve.', entityId: batch.id, action: 'collected', amount: batch.total });
    expect(await postingModel(accounts.db).countDocuments({ key: { $regex: `^direct-debit:${batch.id}:` } })).toBe(0);
    expect((await call('GET', `/api/admin/direct_debit/${batch.id}/`)).json().result.batch.status).toBe('open');
    expect((await call('GET', '/api/admin/approvals/payments/')).json().result).toEqual([expect.objectContaining({ id: `direct_debit_batch:${batch.id}:collected`, preparedBy: expect.objectContaining({ username: 'admin' }) })]);
    const again = await call('POST', collected);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe('Another admin must approve this: you prepared it.');
    const made = await accounts.inject({ method: 'POST', url: '/api/admin/users/', headers: bearer(admin), payload: { username: 'admin3', password: 'admin3-password', isAdmin: true, roles: ['treasurer'] } });
    expect(made.statusCode, made.body).toBe(200);
    const [admin2, admin3] = [await loginAs(accounts, 'admin2'), await loginAs(accounts, 'admin3', 'admin3-password')];
    const [a, b] = await Promise.all([admin2, admin3].map((t) => app.inject({ method: 'POST', url: collected, headers: bearer(t) })));
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect((await call('GET', '/api/admin/approvals/payments/')).json().result).toEqual([]);
    await expect
      .poll(async () => (await auditLogModel(accounts.db).find({ entityId: batch.id, action: { $regex: '^approval\\.' } }).lean()).map((e) => e.action).sort(), { timeout: 10_000, interval: 50 })
      .toEqual(['approval.approved', 'approval.prepared']);
    expect((await call('POST', `/api/admin/direct_debit/${batch.id}/collected`)).json().result.status).toBe('collected');
    const detail = (await call('GET', `/api/admin/direct_debit/${batch.id}/?perPage=50`)).json().result;
    expect(detail.debits.items).toHaveLength(6);
    for (const d of detail.debits.items) {
      expect(d.status).toBe('collected');
      expect((await balance(d.accountId)).balance).toBe(0);
      expect(await postingModel(accounts.db).countDocuments({ key: `direct-debit:${batch.id}:${d.accountId}` })).toBe(1);
    }
    // The skipped ones still owe.
    expect((await balance(ids.noMandate)).balance).toBe(-700);
    await expect
      .poll(async () => auditLogModel(accounts.db).countDocuments({ entityId: batch.id, action: 'direct_debit.collected' }), { timeout: 10_000, interval: 50 })
      .toBe(1);
  });

  it('a failed debit puts the debt back, turns credit off, writes an audit entry and shows in the batch and to the member', async () => {
    const batch = (await call('GET', '/api/admin/direct_debit/?status=collected')).json().result.items[0];
    const user = await accounts.inject({ method: 'POST', url: '/api/admin/users/', headers: bearer(admin), payload: { username: 'zoe', password: 'zoe-password', accountId: ids.zoe } });
    expect(user.statusCode).toBe(200);

    // Two debits of the batch fail at the same moment: both are kept.
    const emma = String((await accountModel(accounts.db).findOne({ name: 'Emma de Boer' }).lean())!._id);
    const [failed, other] = await Promise.all([
      call('POST', `/api/admin/direct_debit/${batch.id}/failed`, { accountId: ids.zoe, reason: 'MD06 refund by the debtor' }),
      call('POST', `/api/admin/direct_debit/${batch.id}/failed`, { accountId: emma, reason: '' }),
    ]);
    expect([failed.statusCode, other.statusCode]).toEqual([200, 200]);
    const after = (await call('GET', `/api/admin/direct_debit/?status=collected`)).json().result.items[0];
    expect(after).toMatchObject({ failedCount: 2, failedTotal: 1_000 + 1_250 });
    expect((await balance(emma)).balance).toBe(-1_250);
    // Twice: nothing more.
    expect((await call('POST', `/api/admin/direct_debit/${batch.id}/failed`, { accountId: ids.zoe, reason: '' })).statusCode).toBe(200);

    const account = await balance(ids.zoe);
    expect(account).toMatchObject({ balance: -1_000, creditAccount: false });
    expect(await postingModel(accounts.db).countDocuments({ key: `direct-debit-failed:${batch.id}:${ids.zoe}` })).toBe(1);
    const lines = (await call('GET', `/api/admin/direct_debit/${batch.id}/?debitStatus=failed`)).json().result.debits.items;
    expect(lines).toEqual(expect.arrayContaining([expect.objectContaining({ accountId: ids.zoe, status: 'failed', failReason: 'MD06 refund by the debtor' })]));
    expect(lines).toHaveLength(2);

    await expect.poll(async () => auditLogModel(accounts.db).countDocuments({ entityId: batch.id, action: 'direct_debit.debit_failed' }), { timeout: 10_000, interval: 50 }).toBe(2);
    const entry = await auditLogModel(accounts.db).findOne({ entityId: batch.id, action: 'direct_debit.debit_failed', 'after.debit.accountId': ids.zoe }).lean();
    expect(entry).toMatchObject({ before: { creditAccount: true, debit: { status: 'collected' } }, after: { creditAccount: false, debit: { status: 'failed' } } });

    const member = await loginAs(accounts, 'zoe', 'zoe-password');
    const own = (await accounts.inject({ method: 'GET', url: '/api/account/', headers: bearer(member) })).json().result;
    expect(own).toMatchObject({ creditAccount: false, balance: -1_000, directDebitFailure: { amount: 1_000 } });
  });

  it('gives every batch its own MsgId, PmtInfId and EndToEndIds, and one audit entry per change', async () => {
    // Two days later: the Lars account owes again; the failed one is no credit account any more.
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    const lars = (await accountModel(accounts.db).findOne({ name: 'Lars Smits' }).lean())!;
    await accounts.inject({ method: 'POST', url: `/api/admin/accounts/${String(lars._id)}/upgrade/`, headers: bearer(admin), payload: { amount: -450, method: 'correction', reason: 'test', nonce: 'dd-test-lars-2' } });
    // Two admins make a batch at the same moment, for different cut-offs: one batch is open, the other is refused.
    const cutoffs = [localDay(new Date(clock.getTime() - 86_400_000), 'Europe/Amsterdam'), today()];
    const both = await Promise.all(cutoffs.map((cutoff) => call('POST', '/api/admin/direct_debit/', { collectionDate: nextBusinessDay(today()), cutoff })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const third = both.find((r) => r.statusCode === 200)!;
    expect(third.json().result).toMatchObject({ count: 1, total: 450 });
    await writeFile(third.json().result.id);

    const all = (await call('GET', '/api/admin/direct_debit/')).json().result.items as { id: string; status: string }[];
    expect(all.map((b) => b.status)).toEqual(['open', 'collected', 'cancelled']);
    const seen = { MsgId: new Set<string>(), PmtInfId: new Set<string>(), EndToEndId: new Set<string>() };
    let endToEnd = 0;
    for (const b of all.filter((x) => x.status !== 'cancelled')) {
      const xml = (await call('GET', `/api/admin/direct_debit/${b.id}/file`)).body;
      for (const tag of Object.keys(seen) as (keyof typeof seen)[]) for (const m of xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))) seen[tag].add(m[1]!);
      endToEnd += (xml.match(/<EndToEndId>/g) ?? []).length;
    }
    expect(seen.MsgId.size).toBe(2);
    expect(seen.PmtInfId.size).toBe(2);
    expect(seen.EndToEndId.size).toBe(endToEnd);
    expect(endToEnd).toBe(7);

    // create, cancel; create, prepared, approved, collected, failed twice; create.
    await expect.poll(async () => auditLogModel(accounts.db).countDocuments({ entityType: 'direct_debit_batch' }), { timeout: 10_000, interval: 50 }).toBe(9);
  });

  it('refuses a cut-off that is not after the last collected one', async () => {
    const open = (await call('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0];
    await call('POST', `/api/admin/direct_debit/${open.id}/cancel`);
    const collected = (await call('GET', '/api/admin/direct_debit/?status=collected')).json().result.items as { cutoff: string }[];
    const last = collected.map((b) => b.cutoff).sort().at(-1)!;
    const before = localDay(new Date(Date.parse(`${last}T12:00:00Z`) - 86_400_000), 'Europe/Amsterdam');
    const res = await call('POST', '/api/admin/direct_debit/', { collectionDate: nextBusinessDay(today()), cutoff: before });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'cutoff']);
  });
});

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
