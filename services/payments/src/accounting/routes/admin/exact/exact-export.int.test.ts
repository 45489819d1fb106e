import { connectMongo, createRedis, localDay, type ServiceApp } from '@kassa/service-kit';
import { claims, clearRedisPrefix, dropTestDatabase, testEnv } from '@kassa/service-kit/testing';
import { startCheckoutStack, TestClock, type CheckoutStack } from '@kassa/test-stack';
import { auditLogModel, bearer, loginAs, postingModel } from '@kassa/test-stack/accounts';
import { transactionModel } from '@kassa/test-stack/checkout';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TIME_ZONE } from '../../../export-rules';
import { buildPaymentsApp } from '../../../../app';
import { PaymentsEnv } from '../../../../config';
import { StandinExactProvider } from '../../../exact/standin-exact-provider';
import { TokenBox } from '../../../exact/token-box';
import { startAccountingWorker } from '../../../jobs/accounting-worker';
import { exactConnectionModel } from '../../../models/exact-connection.model';

const D1 = '2026-03-10';
const D2 = '2026-03-11';
const D3 = '2026-03-12';
const DAY_MS = 86_400_000;

/**
 * The accounting export on the real services: checkout, accounts (ledger) and catalog with the demo data, payments
 * with the stand-in Exact Online and the accounting-export worker, on FerretDB and Redis. Sales and postings are made
 * on three past days (one clock for checkout and accounts), so each is a closed day for the export.
 */
describe('accounting export to Exact Online through the stand-in', () => {
  const clock = new TestClock(new Date(`${D1}T12:00:00Z`));
  const logLines: string[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  let s: CheckoutStack;
  let env: PaymentsEnv;
  let app: ServiceApp;
  let redis: Redis;
  let standin: StandinExactProvider;
  let worker: Awaited<ReturnType<typeof startAccountingWorker>>;
  let accountsAdmin: string;
  /** Every answer payments gave in this test, to look for tokens in. */
  const answers: string[] = [];

  const nonce = () => randomUUID();
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  const admin = { authorization: `Bearer ${'x'}` };

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { clock, accountsOnClock: true });
    env = PaymentsEnv.parse(testEnv(inject('mongoUri'), { ACCOUNTS_URL: s.urls.accounts, CHECKOUT_URL: s.urls.checkout, CATALOG_URL: s.urls.catalog }));
    const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_payments`);
    redis = createRedis(env.REDIS_URL);
    standin = new StandinExactProvider(redis, env.QUEUE_PREFIX);
    app = await buildPaymentsApp(env, db, { exact: standin });
    admin.authorization = `Bearer ${app.signToken(claims({ isAdmin: true, username: 'treasurer' }))}`;
    worker = await startAccountingWorker(env, db, log, { provider: standin });
    accountsAdmin = await loginAs(s.accounts, 'admin');

    // D1: the demo's opening postings, a cash sale, a sale on the member's account and a cash top-up of it.
    expect((await s.pay('cash', { products: [line(3, 2), line(7)], nonce: nonce() }, ['PAYMENT_CASH'])).statusCode).toBe(200);
    expect((await s.pay('account', { products: [line(1), line(2, 3)], account_id: s.memberAccountId, pin: '1234', nonce: nonce() }, ['PAYMENT_ACCOUNT_AUTHED'])).statusCode).toBe(200);
    expect((await s.pay('cash', { products: [line(0)], upgrade_account_id: s.memberAccountId, upgrade_amount: 1000, nonce: nonce() }, ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER'])).statusCode).toBe(200);
    clock.advance(DAY_MS);
    expect((await s.pay('cash', { products: [line(4)], nonce: nonce() }, ['PAYMENT_CASH'])).statusCode).toBe(200);
    clock.advance(DAY_MS);
    expect((await s.pay('account', { products: [line(5)], account_id: s.memberAccountId, pin: '1234', nonce: nonce() }, ['PAYMENT_ACCOUNT_AUTHED'])).statusCode).toBe(200);
  });
  afterAll(async () => {
    await worker?.close();
    if (app) await dropTestDatabase(app.db);
    await app?.close();
    redis?.disconnect();
    await s?.close();
    if (env) await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
  });

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    answers.push(res.body);
    return res;
  };
  const connect = async () => {
    const started = await call('POST', '/api/admin/exact/connect');
    const authorizeUrl = started.json().result.authorizeUrl as string;
    expect(authorizeUrl.startsWith(StandinExactProvider.authorizePath)).toBe(true);
    const page = await app.inject({ method: 'GET', url: authorizeUrl });
    expect(page.body).toContain('Give Kassa access?');
    const q = new URL(authorizeUrl, 'http://x').searchParams;
    const consent = await app.inject({
      method: 'POST',
      url: StandinExactProvider.authorizePath,
      payload: new URLSearchParams({ action: 'allow', state: q.get('state')!, redirect_uri: q.get('redirect_uri')! }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(consent.statusCode).toBe(303);
    const back = new URL(consent.headers.location as string, 'http://x');
    expect(back.pathname).toBe('/admin/exact/oauth/success');
    return call('POST', '/api/admin/exact/oauth/callback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
  };
  const runExport = async (start: string, end: string) => {
    const res = await call('POST', '/api/admin/exact/exports', { start, end });
    expect(res.statusCode, res.body).toBe(200);
    return finished(res.json().result.id as string);
  };
  const finished = async (id: string) => {
    let found: { status: string } | undefined;
    await expect
      .poll(async () => {
        const list = (await call('GET', '/api/admin/exact/exports?perPage=50')).json().result.items as { id: string; status: string }[];
        found = list.find((e) => e.id === id);
        return found?.status;
      }, { timeout: 20_000, interval: 100 })
      .toMatch(/^(done|failed)$/);
    return found as unknown as { id: string; status: string; error: string | null; attempts: number; days: { day: string; result: string; total: number; lines: number }[] };
  };
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const salesOf = async (day: string) => sum((await transactionModel(s.app.db).find({ day, status: 'completed', undone: null }).lean()).map((t) => t.total));
  const postingsOf = async (day: string) => sum((await postingModel(s.accountsDb).find({ day }).lean()).map((p) => p.amount));
  const tokens = async () => {
    const doc = await exactConnectionModel(app.db).findById('exact').lean();
    const box = new TokenBox(env.EXACT_TOKEN_KEY);
    return { doc, access: box.open(doc!.accessTokenSealed!), refresh: box.open(doc!.refreshTokenSealed!) };
  };

  it('refuses an export before Exact Online is connected', async () => {
    const res = await call('POST', '/api/admin/exact/exports', { start: D1, end: D1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe('Connect Exact Online first.');
  });

  it('connects through the stand-in consent page, audited, with the tokens sealed at rest', async () => {
    const res = await connect();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'connected', provider: 'standin', division: '1234567', divisionName: 'Stand-in administration', connectedBy: 'treasurer' });
    const { doc, access, refresh } = await tokens();
    expect(access).toMatch(/^standin_access_/);
    const stored = JSON.stringify(doc);
    expect(stored).not.toContain(access);
    expect(stored).not.toContain(refresh);
    const entries = await auditLogModel(s.accountsDb).find({ action: 'exact.connect' }).lean();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entityType: 'exact_connection', service: 'payments', before: { status: 'disconnected' }, after: { status: 'connected' } });
    expect(JSON.stringify(entries)).not.toContain(access);
    // A replayed callback (the same state) is refused.
    expect((await call('POST', '/api/admin/exact/oauth/callback', { code: 'x', state: 'y' })).statusCode).toBe(409);
  });

  it('refuses today and an end before the start with a line', async () => {
    // Today as the service counts days (in its time zone): between midnight there and midnight UTC the UTC date is
    // yesterday, a closed day the export would take.
    const today = localDay(new Date(), TIME_ZONE);
    const res = await call('POST', '/api/admin/exact/exports', { start: today, end: today });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].msg).toMatch(/closed days/);
    expect((await call('POST', '/api/admin/exact/exports', { start: D2, end: D1 })).statusCode).toBe(422);
  });

  it("exports a day as one balanced entry with the day's sales and postings; exporting it again books nothing new", async () => {
    const first = await runExport(D1, D1);
    expect(first).toMatchObject({ status: 'done', error: null });
    expect(first.days).toEqual([expect.objectContaining({ day: D1, result: 'booked' })]);
    const booked = await standin.entries('1234567');
    expect(booked).toHaveLength(1);
    const entry = booked[0]!;
    expect(entry.reference).toBe(`Kassa ${D1}`);
    expect(sum(entry.lines.map((l) => l.amount))).toBe(0);
    const revenue = entry.lines.filter((l) => l.ledgerId === 'sales' || l.ledgerId === 'vat');
    const sales = await salesOf(D1);
    expect(sales).toBeGreaterThan(0);
    expect(-sum(revenue.map((l) => l.amount))).toBe(sales);
    const postings = await postingsOf(D1);
    expect(postings).not.toBe(0);
    expect(-sum(entry.lines.filter((l) => l.ledgerId === 'member_accounts').map((l) => l.amount))).toBe(postings);
    expect(entry.lines.filter((l) => l.ledgerId === 'cash').length).toBeGreaterThanOrEqual(2);

    const again = await runExport(D1, D1);
    expect(again).toMatchObject({ status: 'done' });
    expect(again.days).toEqual([expect.objectContaining({ day: D1, result: 'already_booked', total: entry.total })]);
    expect(await standin.entries('1234567')).toHaveLength(1);
    expect(await auditLogModel(s.accountsDb).countDocuments({ action: 'accounting_export.create' })).toBe(2);
  });

  it('refuses the export while a ledger has no accounting code, listing what to map', async () => {
    const put = (code: string) =>
      s.accounts.inject({ method: 'PUT', url: '/api/admin/accounts/ledgers/cash/', headers: bearer(accountsAdmin), payload: { code, kind: 'asset' } });
    expect((await put('')).statusCode).toBe(200);
    try {
      const res = await call('POST', '/api/admin/exact/exports', { start: D2, end: D2 });
      expect(res.statusCode).toBe(409);
      expect(res.json().errorMessage).toBe('Map these ledgers to an accounting code first: Cash box.');
      expect(res.json().detail).toEqual([{ loc: ['ledgers', 'cash'], msg: 'Cash box has no accounting code.', type: 'value_error' }]);
      expect((await call('GET', `/api/admin/exact/journal.csv?start=${D2}&end=${D2}`)).statusCode).toBe(409);
    } finally {
      expect((await put('1000')).statusCode).toBe(200);
    }
  });

  it('a refresh refused in the middle of an export leaves it failed and retryable and the connection needing attention', async () => {
    const before = await tokens();
    // The access token dies after the next booking, and the refresh token is refused from now on.
    await standin.setControl({ failRefresh: true, expireAccessAfterBookings: 1 });
    const failed = await runExport(D1, D3);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/connect again/);
    expect(failed.days.map((d) => [d.day, d.result])).toEqual([
      [D1, 'already_booked'],
      [D2, 'booked'],
    ]);
    const connection = (await call('GET', '/api/admin/exact/connection')).json().result;
    expect(connection.status).toBe('needs_attention');
    expect(connection.attention).toMatch(/Refreshing the access failed/);
    expect((await call('POST', `/api/admin/exact/exports/${failed.id}/retry`)).statusCode).toBe(409);

    expect((await connect()).json().result.status).toBe('connected');
    const retried = await call('POST', `/api/admin/exact/exports/${failed.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    const done = await finished(failed.id);
    expect(done).toMatchObject({ status: 'done', attempts: 2, error: null });
    expect(done.days.map((d) => [d.day, d.result])).toEqual([
      [D1, 'already_booked'],
      [D2, 'booked'],
      [D3, 'booked'],
    ]);
    const entries = await standin.entries('1234567');
    expect(entries.map((e) => e.reference).sort()).toEqual([`Kassa ${D1}`, `Kassa ${D2}`, `Kassa ${D3}`]);
    for (const e of entries) expect(sum(e.lines.map((l) => l.amount))).toBe(0);
    expect(-sum(entries.find((e) => e.day === D3)!.lines.filter((l) => l.ledgerId === 'member_accounts').map((l) => l.amount))).toBe(await postingsOf(D3));

    // Neither the tokens of the first grant nor those of the second ever left the service.
    const after = await tokens();
    for (const secret of [before.access, before.refresh, after.access, after.refresh]) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      for (const line of logLines) expect(line).not.toContain(secret);
    }
    expect(logLines.some((l) => l.includes('accounting export failed'))).toBe(true);
  });

  it('downloads the same journal as CSV, one line per entry line, with Dutch decimals on request', async () => {
    const [entry] = (await standin.entries('1234567')).filter((e) => e.day === D1);
    const en = await call('GET', `/api/admin/exact/journal.csv?start=${D1}&end=${D1}`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/csv/);
    expect(en.headers['content-disposition']).toContain(`kassa-journal-${D1}-${D1}.csv`);
    const rows = en.body.trim().split('\r\n');
    expect(rows).toHaveLength(entry!.lines.length + 1);
    const cash = entry!.lines.find((l) => l.ledgerId === 'cash')!;
    expect(rows).toContain(`${D1},Kassa ${D1},Cash box,1000,${cash.description},,${(cash.amount / 100).toFixed(2)},`);
    const nl = await call('GET', `/api/admin/exact/journal.csv?start=${D1}&end=${D1}&decimals=nl`);
    expect(nl.body.trim().split('\r\n')).toContain(`${D1};Kassa ${D1};Cash box;1000;${cash.description};;${(cash.amount / 100).toFixed(2).replace('.', ',')};`);
    expect((await call('GET', `/api/admin/exact/journal.csv?start=${D1}&end=2026-05-01`)).statusCode).toBe(422);
  });

  it('disconnects: the sealed tokens are deleted, audited with before and after', async () => {
    const res = await call('DELETE', '/api/admin/exact/connection');
    expect(res.json().result.status).toBe('disconnected');
    const doc = await exactConnectionModel(app.db).findById('exact').lean();
    expect(doc).toMatchObject({ accessTokenSealed: null, refreshTokenSealed: null });
    const entries = await auditLogModel(s.accountsDb).find({ action: 'exact.disconnect' }).lean();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: { status: 'connected' }, after: { status: 'disconnected' } });
  });
});
