import { clearRedisPrefix } from '@kassa/service-kit/testing';
import { startMailCatcher, type MailCatcher } from '@kassa/test-stack/mail';
import { schemaErrors } from '@kassa/test-stack/xsd';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { userModel } from '../identity/models/user.model';
import { auditLogModel } from '../ledger/models/audit-log.model';
import { accountModel } from '../ledger/models/account.model';
import { postingModel } from '../ledger/models/posting.model';
import { settingsModel } from '../models/settings.model';
import { startNoticesWorker } from '../notices/jobs/notices-worker';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app';

const XSD = new URL('./xsd/pain.001.001.03.xsd', import.meta.url);
const silent = pino({ level: 'silent' });
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

/**
 * Leavers paid out (issue 48 §4): asked on /account (or by an admin), approved by two admins, put in a pain.001 file
 * valid against its XSD, booked once when the file is marked sent; the account frozen from approval, so a payout and a
 * sale at once never leave it negative; the member mailed through real SMTP.
 */
describe('payouts', () => {
  let catcher: MailCatcher;
  let app: AccountsTestApp;
  let worker: Awaited<ReturnType<typeof startNoticesWorker>>;
  let admin: string;
  let admin2: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, env: { SMTP_URL: catcher.smtpUrl, MAIL_FROM: 'Kassa <bestuur@example.org>' } }));
    worker = await startNoticesWorker(app.accounts.env, app.db, silent);
    await settingsModel(app.db).updateOne({}, { $set: { creditorName: 'Studievereniging Zoë & Co', creditorIban: 'NL91ABNA0417164300', creditorBic: 'ABNANL2A', creditorId: 'NL28ZZZ401234560000' } });
    [admin, admin2] = [await loginAs(app, 'admin'), await loginAs(app, 'admin2')];
  });
  afterAll(async () => {
    await worker.close();
    await clearRedisPrefix(app.accounts.env.REDIS_URL, app.accounts.env.QUEUE_PREFIX);
    await stopAccountsTestApp(app);
    await catcher.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const post = (accountId: string, amount: number, key: string, kind = amount < 0 ? 'purchase' : 'topup') =>
    internalPost(app, '/internal/ledger/postings', { target: { accountId }, amount, key, kind, ref: 'test' });
  const postingsOf = (accountId: string) => postingModel(app.db).find({ accountId }).sort({ seq: 1 }).lean();

  let n = 0;
  async function leaver(balance: number) {
    n += 1;
    const accountId = (await call(admin, 'POST', '/api/admin/accounts/', { name: `Vertrekker ${n}` })).json().result.id as string;
    expect((await post(accountId, balance, `leaver:${n}:in`)).statusCode).toBe(200);
    return accountId;
  }
  /** Asked by admin, prepared by admin, approved by admin2. */
  async function approved(accountId: string, body: object = { donate: false, iban: 'NL20 INGB 0001 2345 67', holder: 'Vertrekker' }) {
    const asked = await call(admin, 'POST', '/api/admin/payouts/', { accountId, ...body });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().result.id as string;
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/approve`)).statusCode).toBe(202);
    const ok = await call(admin2, 'POST', `/api/admin/payouts/${id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    return id;
  }

  it('a member asks on /account, two admins approve, the file is valid pain.001, marked sent twice at once it books once, closes the account and mails the member', async () => {
    const memberUser = await userModel(app.db).findOne({ username: 'member' }).lean();
    const accountId = String(memberUser!.accountId);
    await userModel(app.db).updateOne({ _id: memberUser!._id }, { $set: { email: 'vertrek@example.org', language: 'nl' } });
    const member = await loginAs(app, 'member');
    const balance = (await call(member, 'GET', '/api/account/')).json().result.balance as number;
    expect(balance).toBeGreaterThan(0);

    // Bad input: a clear 422; an IBAN in lower case is refused with the rule the other pages use.
    const bad = await call(member, 'POST', '/api/account/payout', { donate: false, iban: 'nl20ingb0001234567', holder: 'Mia Member' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'iban'] });
    expect((await call(member, 'POST', '/api/account/payout', { donate: false, iban: 'NL20INGB0001234567', holder: '  ' })).statusCode).toBe(422);

    const asked = await call(member, 'POST', '/api/account/payout', { donate: false, iban: 'NL20 INGB 0001 2345 67', holder: 'Mia Member & Zoë' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().result).toMatchObject({ state: 'requested', iban: 'NL20INGB0001234567', amount: null });
    expect((await call(member, 'POST', '/api/account/payout', { donate: true })).json()).toMatchObject({ errorIdentifier: 'conflict', errorMessage: 'A payout of this account is waiting already.' });
    const id = asked.json().result.id as string;

    // Four eyes: the first admin prepares, cannot approve alone; the second approves and the account freezes.
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/approve`)).statusCode).toBe(202);
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/approve`)).json().errorMessage).toMatch(/Another admin must approve this/);
    const approvedRes = await call(admin2, 'POST', `/api/admin/payouts/${id}/approve`);
    expect(approvedRes.statusCode, approvedRes.body).toBe(200);
    expect(approvedRes.json().result).toMatchObject({ state: 'approved', approvedAmount: balance, approvedBy: { username: 'admin2' } });
    expect((await call(member, 'DELETE', '/api/account/payout')).statusCode).toBe(409);
    const sale = await post(accountId, -100, 'frozen:sale');
    expect(sale.statusCode).toBe(409);
    expect(sale.json()).toMatchObject({ errorIdentifier: 'account_blocked' });
    expect((await post(accountId, 500, 'frozen:topup')).statusCode).toBe(409);

    const made = await call(admin, 'POST', '/api/admin/payouts/files/');
    expect(made.statusCode, made.body).toBe(200);
    const file = made.json().result;
    expect(file).toMatchObject({ count: 1, total: balance, donations: 0, sentAt: null });
    expect(file.payouts[0]).toMatchObject({ id, state: 'in_file', amount: balance });
    const xml = await call(admin, 'GET', `/api/admin/payouts/files/${file.id}/xml`);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(schemaErrors(XSD, xml.body)).toEqual([]);
    expect(xml.body).toContain('<Nm>Mia Member + Zoe</Nm>');
    expect(xml.body).toContain('<Dbtr><Nm>Studievereniging Zoe + Co</Nm></Dbtr>');
    expect((await call(admin, 'GET', `/api/admin/payouts/files/${file.id}/xml`)).body).toBe(xml.body);
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/cancel`)).statusCode).toBe(409);

    const sent = await Promise.all([call(admin, 'POST', `/api/admin/payouts/files/${file.id}/sent`), call(admin2, 'POST', `/api/admin/payouts/files/${file.id}/sent`)]);
    for (const s of sent) expect(s.statusCode, s.body).toBe(200);
    const postings = await postingsOf(accountId);
    expect(postings.filter((p) => p.kind === 'payout')).toEqual([expect.objectContaining({ amount: -balance, balanceAfter: 0, key: `payout:${id}` })]);
    const account = await accountModel(app.db).findById(accountId).lean();
    expect(account?.closedAt).toBeInstanceOf(Date);
    expect(account?.payoutFrozen).toBeNull();
    expect((await call(member, 'GET', '/api/account/payout')).json().result).toMatchObject({ state: 'booked', amount: balance });
    expect((await call(member, 'GET', '/api/account/')).json().result.balance).toBe(0);

    const mail = await catcher.next((m) => m.to.includes('vertrek@example.org'));
    const euros = `€ ${Math.floor(balance / 100)},${String(balance % 100).padStart(2, '0')}`;
    expect(plain(mail.subject)).toBe(`Uitbetaling van ${euros}`);
    expect(plain(mail.text)).toContain(`We hebben ${euros} overgemaakt naar NL20INGB0001234567.`);

    const actions = (await auditLogModel(app.db).find({ entityId: { $in: [id, file.id] } }).lean()).map((e) => e.action).sort();
    expect(actions).toEqual(['approval.approved', 'approval.prepared', 'payout.approve', 'payout.request', 'payout_file.create', 'payout_file.sent'].sort());
  });

  it('approve twice at once freezes once; an approve and a cancel at once: one wins and the account matches it', async () => {
    const a = await leaver(2_000);
    const id = (await call(admin, 'POST', '/api/admin/payouts/', { accountId: a, donate: true })).json().result.id as string;
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/approve`)).statusCode).toBe(202);
    const both = await Promise.all([call(admin2, 'POST', `/api/admin/payouts/${id}/approve`), call(admin2, 'POST', `/api/admin/payouts/${id}/approve`)]);
    for (const r of both) expect(r.statusCode, r.body).toBe(200);
    expect((await auditLogModel(app.db).find({ entityId: id, action: 'payout.approve' }).lean())).toHaveLength(1);

    const b = await leaver(1_500);
    const id2 = (await call(admin, 'POST', '/api/admin/payouts/', { accountId: b, donate: true })).json().result.id as string;
    expect((await call(admin, 'POST', `/api/admin/payouts/${id2}/approve`)).statusCode).toBe(202);
    const [approve, cancel] = await Promise.all([call(admin2, 'POST', `/api/admin/payouts/${id2}/approve`), call(admin, 'POST', `/api/admin/payouts/${id2}/cancel`)]);
    expect([approve.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
    const state = (await call(admin, 'GET', '/api/admin/payouts/')).json().result.items.find((p: { id: string }) => p.id === id2).state;
    const frozen = (await accountModel(app.db).findById(b).lean())?.payoutFrozen;
    if (approve.statusCode === 200) {
      expect(state).toBe('approved');
      expect(frozen).toBe(id2);
    } else {
      expect(state).toBe('cancelled');
      expect(frozen).toBeNull();
      expect((await post(b, -100, 'after-cancel')).statusCode).toBe(200);
    }
    // Clear the way for the other tests' files.
    for (const p of [id, id2]) await call(admin, 'POST', `/api/admin/payouts/${p}/cancel`);
  });

  it('a payout approved while sales arrive at once never takes the account below zero: the file pays what is left', async () => {
    const a = await leaver(1_000);
    const id = (await call(admin, 'POST', '/api/admin/payouts/', { accountId: a, donate: false, iban: 'DE89370400440532013000', holder: 'Vertrekker' })).json().result.id as string;
    expect((await call(admin, 'POST', `/api/admin/payouts/${id}/approve`)).statusCode).toBe(202);
    const [approve, ...sales] = await Promise.all([
      call(admin2, 'POST', `/api/admin/payouts/${id}/approve`),
      ...Array.from({ length: 6 }, (_, i) => post(a, -150, `race:${i}`)),
    ]);
    // The prepared amount was the balance before the sales: a sale that landed first makes the approver prepare anew
    // (for the balance then), and the other admin approves that.
    let last = approve;
    for (let turn = 0; last.statusCode === 202 && turn < 4; turn++) last = await call(turn % 2 === 0 ? admin : admin2, 'POST', `/api/admin/payouts/${id}/approve`);
    expect(last.statusCode, last.body).toBe(200);
    const sold = sales.filter((s) => s.statusCode === 200).length * 150;
    for (const s of sales) expect([200, 409]).toContain(s.statusCode);
    const file = (await call(admin, 'POST', '/api/admin/payouts/files/')).json().result;
    const mine = file.payouts.find((p: { id: string }) => p.id === id);
    expect(mine.amount).toBe(1_000 - sold);
    expect((await call(admin2, 'POST', `/api/admin/payouts/files/${file.id}/sent`)).statusCode).toBe(200);
    const postings = await postingsOf(a);
    expect(postings.every((p) => p.balanceAfter >= 0)).toBe(true);
    expect(postings.at(-1)).toMatchObject({ kind: 'payout', balanceAfter: 0 });
    expect((await post(a, -100, 'after-close')).json().errorIdentifier).toBe('account_closed');
  });

  it('two files made at once share no payout; a donation is booked to its own ledger with the file and has no transfer', async () => {
    const ids = [await approved(await leaver(700)), await approved(await leaver(800)), await approved(await leaver(900), { donate: true })];
    const files = await Promise.all([call(admin, 'POST', '/api/admin/payouts/files/'), call(admin2, 'POST', '/api/admin/payouts/files/')]);
    const made = files.filter((f) => f.statusCode === 200).map((f) => f.json().result);
    for (const f of files) expect([200, 409]).toContain(f.statusCode);
    const inFiles = made.flatMap((f: { payouts: { id: string }[] }) => f.payouts.map((p) => p.id)).sort();
    expect(inFiles).toEqual([...ids].sort());
    for (const f of made) {
      expect(f.total).toBe(f.payouts.filter((p: { donate: boolean }) => !p.donate).reduce((s: number, p: { amount: number }) => s + p.amount, 0));
      const xml = await call(admin, 'GET', `/api/admin/payouts/files/${f.id}/xml`);
      if (f.count === 0) expect(xml.statusCode).toBe(409);
      else expect(schemaErrors(XSD, xml.body)).toEqual([]);
      expect((await call(admin, 'POST', `/api/admin/payouts/files/${f.id}/sent`)).statusCode).toBe(200);
    }
    const donation = await postingModel(app.db).findOne({ key: `payout:${ids[2]}` }).lean();
    expect(donation).toMatchObject({ kind: 'donation', amount: -900, balanceAfter: 0 });
  });
});
