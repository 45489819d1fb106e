import { fourEyes, localDay, type ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel, accountRequestModel, auditLogModel, cardSecretModel, userModel } from '@kassa/test-stack/accounts';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { writeDirectDebitFile } from '@kassa/test-stack/payments';
import { nextBusinessDay } from '@kassa/contracts';
import { ROUTE_TABLE, type ServiceName } from '../route-table';
import { ACCESS_RULES } from './access-rules';

/**
 * Every mutating admin route (ARCHITECTURE.md: admin mutations are audited), walked from the access table on the real
 * four services: refused to the till, bar and member (403) and to a caller without a token (401); and a valid change
 * made by the admin writes exactly one audit entry, with before and after. A new mutating admin route fails here until
 * it has a way to make a valid change below (or a reason it changes nothing in EXEMPT).
 */

interface Call {
  url: string;
  payload?: unknown;
}
type Ctx = { s: CheckoutStack; admin: string };

/** How to make one valid change through each route; each makes its own record to change. */
const CHANGES: Record<string, (ctx: Ctx) => Promise<Call>> = {
  'PUT /api/admin/settings/': async () => ({ url: '/api/admin/settings/', payload: { aprilFoolsEnabled: true } }),
  'POST /api/admin/settings/terms': async () => ({ url: '/api/admin/settings/terms', payload: { summary: 'Walk: the fine print moves.', effectiveOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) } }),
  'DELETE /api/admin/transactions/{id}/': async ({ s }) => {
    const sale = await s.pay('cash', { products: [{ id: s.products[0]!.id, amount: 1 }], nonce: `audit-walk-${new Types.ObjectId().toHexString()}` }, ['PAYMENT_CASH']);
    return { url: `/api/admin/transactions/${sale.json().result.transaction_id}/` };
  },
  'POST /api/admin/account_requests/{id}/status': async ({ s }) => {
    const token = await login(s, 'newbie');
    const req = await s.accounts.inject({
      method: 'POST',
      url: '/api/account_request/request',
      headers: { authorization: `Bearer ${token}` },
      payload: { pin: '1234', creditAccount: false, acceptTerms: true },
    });
    return { url: `/api/admin/account_requests/${req.json().result.id}/status`, payload: { status: 'rejected', note: 'walk' } };
  },
  'POST /api/admin/users/{id}/tfa/reset': async ({ s }) => ({ url: `/api/admin/users/${s.memberUserId}/tfa/reset` }),
  'POST /api/admin/products/': async ({ s }) => ({ url: '/api/admin/products/', payload: productBody(s, 'Walk Pils (new)') }),
  'PUT /api/admin/products/{id}/': async ({ s }) => ({ url: `/api/admin/products/${await newProduct(s, 'Walk Pils (edit)')}/`, payload: productBody(s, 'Walk Pils (edited)', 260) }),
  'DELETE /api/admin/products/{id}/': async ({ s }) => ({ url: `/api/admin/products/${await newProduct(s, 'Walk Pils (never sold)')}/` }),
  'POST /api/admin/categories/': async () => ({ url: '/api/admin/categories/', payload: { name: `Walk ${new Types.ObjectId().toHexString()}`, colour: '#123456' } }),
  'PUT /api/admin/categories/{id}/': async ({ s }) => ({ url: `/api/admin/categories/${await newCategory(s)}/`, payload: { name: `Walk ${new Types.ObjectId().toHexString()}`, colour: '#654321' } }),
  'DELETE /api/admin/categories/{id}/': async ({ s }) => ({ url: `/api/admin/categories/${await newCategory(s)}/` }),
  'POST /api/admin/reasons/': async () => ({ url: '/api/admin/reasons/', payload: { name: `Walk ${new Types.ObjectId().toHexString()}` } }),
  'PUT /api/admin/reasons/{id}/': async ({ s }) => ({ url: `/api/admin/reasons/${await newReason(s)}/`, payload: { name: `Walk ${new Types.ObjectId().toHexString()}` } }),
  'DELETE /api/admin/reasons/{id}/': async ({ s }) => ({ url: `/api/admin/reasons/${await newReason(s)}/` }),
  'PUT /api/admin/bar/menu/': async ({ s }) => ({ url: '/api/admin/bar/menu/', payload: { categoryIds: [...s.categoryIds].reverse() } }),
  'POST /api/admin/users/': async () => ({ url: '/api/admin/users/', payload: { username: `walk-${new Types.ObjectId().toHexString().slice(-8)}`, password: 'long enough' } }),
  'PATCH /api/admin/users/{id}/': async ({ s }) => ({ url: `/api/admin/users/${await newUser(s)}/`, payload: { displayName: 'Walk User' } }),
  'POST /api/admin/users/{id}/password': async ({ s }) => ({ url: `/api/admin/users/${await newUser(s)}/password`, payload: { password: 'another long one' } }),
  'POST /api/admin/registers/': async () => ({ url: '/api/admin/registers/', payload: { name: `Walk ${new Types.ObjectId().toHexString()}`, capabilities: ['PAYMENT_CASH'] } }),
  'PUT /api/admin/registers/{id}/': async ({ s }) => ({ url: `/api/admin/registers/${await newRegister(s)}/`, payload: { name: `Walk ${new Types.ObjectId().toHexString()}`, capabilities: [] } }),
  'DELETE /api/admin/registers/{id}/': async ({ s }) => ({ url: `/api/admin/registers/${await newRegister(s)}/` }),
  'POST /api/admin/accounts/': async () => ({ url: '/api/admin/accounts/', payload: { name: 'Walk Account' } }),
  'PUT /api/admin/accounts/{id}/': async ({ s }) => ({ url: `/api/admin/accounts/${await s.createAccount('Walk Put', 0)}/`, payload: { name: 'Walk Put (edited)', type: 'member', creditAccount: false } }),
  'PATCH /api/admin/accounts/{id}/': async ({ s }) => ({ url: `/api/admin/accounts/${await s.createAccount('Walk Patch', 0)}/`, payload: { name: 'Walk Patch (edited)' } }),
  'DELETE /api/admin/accounts/{id}/': async ({ s }) => ({ url: `/api/admin/accounts/${await s.createAccount('Walk Close', 0)}/` }),
  'POST /api/admin/accounts/{id}/upgrade/': async ({ s }) => ({
    url: `/api/admin/accounts/${await s.createAccount('Walk Upgrade', 0)}/upgrade/`,
    payload: { amount: 1000, method: 'cash_payment', reason: 'walk', nonce: `walk-${new Types.ObjectId().toHexString()}` },
  }),
  'PUT /api/admin/accounts/ledgers/{id}/': async () => ({ url: '/api/admin/accounts/ledgers/cash/', payload: { code: '1001', kind: 'asset' } }),
  'POST /api/admin/direct_debit/': async ({ s }) => ({ url: '/api/admin/direct_debit/', payload: await directDebitBatchBody(s) }),
  'POST /api/admin/direct_debit/{id}/cancel': async ({ s }) => ({ url: `/api/admin/direct_debit/${await newDirectDebitBatch(s)}/cancel` }),
  'POST /api/admin/direct_debit/{id}/collected': async ({ s }) => ({ url: `/api/admin/direct_debit/${await newDirectDebitBatch(s)}/collected` }),
  'POST /api/admin/direct_debit/{id}/failed': async ({ s }) => {
    const headers = await adminHeaders(s);
    // A cut-off must come after the last collected one: fail a debit of the batch the walk collected above, or of a
    // batch collected here when this route runs first.
    let [collected] = (await s.payments!.inject({ method: 'GET', url: '/api/admin/direct_debit/?status=collected', headers })).json().result.items as { id: string }[];
    if (!collected) {
      const id = await newDirectDebitBatch(s);
      // Four eyes: admin2 prepares, admin approves.
      await s.payments!.inject({ method: 'POST', url: `/api/admin/direct_debit/${id}/collected`, headers: { authorization: `Bearer ${await login(s, 'admin2')}` } });
      await s.payments!.inject({ method: 'POST', url: `/api/admin/direct_debit/${id}/collected`, headers });
      collected = { id };
    }
    const batch = (await s.payments!.inject({ method: 'GET', url: `/api/admin/direct_debit/${collected.id}/?debitStatus=collected`, headers })).json().result;
    return { url: `/api/admin/direct_debit/${collected.id}/failed`, payload: { accountId: batch.debits.items[0].accountId, reason: 'MD06 walk' } };
  },
  'POST /api/admin/invoices/': async ({ s }) => ({ url: '/api/admin/invoices/', payload: { accountId: await invoicedAccount(s), from: today(), to: today() } }),
  'PUT /api/admin/invoices/{id}/': async ({ s }) => ({ url: `/api/admin/invoices/${await newInvoice(s)}/`, payload: { from: today(), to: today(), reference: 'Walk order 7' } }),
  'DELETE /api/admin/invoices/{id}/': async ({ s }) => ({ url: `/api/admin/invoices/${await newInvoice(s)}/` }),
  'POST /api/admin/invoices/{id}/finalise/': async ({ s }) => ({ url: `/api/admin/invoices/${await newInvoice(s)}/finalise/` }),
  'POST /api/admin/invoices/{id}/pay/': async ({ s }) => ({ url: `/api/admin/invoices/${await newInvoice(s, { final: true })}/pay/` }),
  'POST /api/admin/invoices/{id}/credit/': async ({ s }) => ({ url: `/api/admin/invoices/${await newInvoice(s, { final: true })}/credit/` }),
  // Four eyes: what admin2 prepared, admin rejects (approving is the action's own route above).
  'DELETE /api/admin/approvals/payments/{key}': async ({ s }) => {
    // The walk collected today's batch above and a new one needs a later cut-off: admin2's preparation is made as
    // the route makes it, on a batch id of its own.
    const id = new Types.ObjectId().toHexString();
    const admin2 = { sub: new Types.ObjectId().toHexString(), username: 'admin2', isAdmin: true };
    const approve = { method: 'POST' as const, path: `/api/admin/direct_debit/${id}/collected`, body: null };
    const made = await fourEyes({ db: s.payments!.db, audit: { record: async () => true }, log: { warn: () => undefined } }, { service: 'payments', entity: 'direct_debit_batch', id, action: 'collected', user: admin2, roles: ['treasurer'], summary: 'Walk batch', amount: 1250, approve });
    if (made.approved) throw new Error('the walk batch was approved already');
    return { url: `/api/admin/approvals/payments/${encodeURIComponent(`direct_debit_batch:${id}:collected`)}` };
  },
  'DELETE /api/admin/approvals/checkout/{key}': async ({ s }) => {
    const id = await newInvoice(s, { final: true });
    await prepared(s, s.app, 'POST', `/api/admin/invoices/${id}/credit/`);
    return { url: `/api/admin/approvals/checkout/${encodeURIComponent(`invoice:${id}:credit`)}` };
  },
  'DELETE /api/admin/approvals/accounts/{key}': async ({ s }) => {
    const id = await s.createAccount('Walk Large Correction', 0);
    await prepared(s, s.accounts, 'POST', `/api/admin/accounts/${id}/upgrade/`, { amount: 9000, method: 'correction', reason: 'walk', nonce: `walk-large-${id}` });
    return { url: `/api/admin/approvals/accounts/${encodeURIComponent(`account:${id}:correction:walk-large-${id}`)}` };
  },
  // Payouts (issue 48 §4): each on an account of its own with money on it.
  'POST /api/admin/payouts/': async ({ s }) => ({ url: '/api/admin/payouts/', payload: { accountId: await s.createAccount('Walk Leaver', 1200), donate: true } }),
  'POST /api/admin/payouts/{id}/approve': async ({ s }) => ({ url: `/api/admin/payouts/${await newPayout(s)}/approve` }),
  'POST /api/admin/payouts/{id}/cancel': async ({ s }) => ({ url: `/api/admin/payouts/${await newPayout(s)}/cancel` }),
  'POST /api/admin/payouts/files/': async ({ s }) => {
    await approvedPayout(s);
    return { url: '/api/admin/payouts/files/' };
  },
  'POST /api/admin/payouts/files/{id}/sent': async ({ s }) => {
    await approvedPayout(s);
    const file = await s.accounts.inject({ method: 'POST', url: '/api/admin/payouts/files/', headers: await adminHeaders(s) });
    return { url: `/api/admin/payouts/files/${file.json().result.id}/sent` };
  },
  // A fine (issue 48 §3) booked on an account of its own, waived.
  'POST /api/admin/accounts/{id}/fines/{seq}/waive': async ({ s }) => {
    const id = await s.createAccount('Walk Fined', 0);
    const fine = await s.accounts.inject({ method: 'POST', url: '/internal/ledger/postings', headers: { 'x-internal-token': s.env.INTERNAL_TOKEN }, payload: { target: { accountId: id }, amount: -500, key: `walk-fine:${id}`, kind: 'fine', ref: 'fine:walk', allowNegative: true } });
    return { url: `/api/admin/accounts/${id}/fines/${fine.json().result.seq}/waive` };
  },
  // Dormant accounts (issue 48 §5): the round now; a round of a month of its own with one account to close (prepared).
  'POST /api/admin/dormant/run': async () => ({ url: '/api/admin/dormant/run' }),
  'POST /api/admin/dormant/{month}/close': async ({ s }) => ({ url: `/api/admin/dormant/${await dormantMonth(s)}/close` }),
  'POST /api/admin/exact/oauth/callback': async ({ s, admin }) => ({ url: '/api/admin/exact/oauth/callback', payload: await exactGrant(s, admin) }),
  'DELETE /api/admin/exact/connection': async () => ({ url: '/api/admin/exact/connection' }),
  'POST /api/admin/exact/exports': async ({ s, admin }) => {
    await connectExact(s, admin);
    return { url: '/api/admin/exact/exports', payload: { start: '2026-01-05', end: '2026-01-05' } };
  },
  'POST /api/admin/exact/exports/{id}/retry': async ({ s, admin }) => {
    await connectExact(s, admin);
    const id = new Types.ObjectId();
    const at = new Date();
    await s.payments!.db.collection('accountingexports').insertOne({ _id: id, start: '2026-01-06', end: '2026-01-06', status: 'failed', days: [], error: 'walk', attempts: 1, requestedBy: 'admin', finishedAt: at, createdAt: at, updatedAt: at });
    return { url: `/api/admin/exact/exports/${id.toHexString()}/retry` };
  },
  // A member's top-up paid at the stand-in bank whose callback was lost: checking it again credits it.
  'POST /api/admin/ideal/{id}/check/': async ({ s }) => {
    const member = await login(s, 'member');
    const started = await s.payments!.inject({ method: 'POST', url: '/api/account/upgrade', headers: { authorization: `Bearer ${member}` }, payload: { amount: 1000 } });
    const { paymentId, checkoutUrl } = started.json().result as { paymentId: string; checkoutUrl: string };
    await s.payments!.inject({ method: 'POST', url: checkoutUrl, payload: 'action=pay_without_callback', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    return { url: `/api/admin/ideal/${paymentId}/check/` };
  },
};

/** A code and state from the stand-in Exact Online's consent page ("Allow"), for the callback. */
async function exactGrant(s: CheckoutStack, admin: string): Promise<{ code: string; state: string }> {
  const started = await s.payments!.inject({ method: 'POST', url: '/api/admin/exact/connect', headers: { authorization: `Bearer ${admin}` } });
  const q = new URL(started.json().result.authorizeUrl as string, 'http://x').searchParams;
  const consent = await s.payments!.inject({
    method: 'POST',
    url: '/api/payments/exact-standin/authorize',
    payload: new URLSearchParams({ action: 'allow', state: q.get('state')!, redirect_uri: q.get('redirect_uri')! }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const back = new URL(consent.headers.location as string, 'http://x').searchParams;
  return { code: back.get('code')!, state: back.get('state')! };
}
async function connectExact(s: CheckoutStack, admin: string): Promise<void> {
  const res = await s.payments!.inject({ method: 'POST', url: '/api/admin/exact/oauth/callback', headers: { authorization: `Bearer ${admin}` }, payload: await exactGrant(s, admin) });
  if (res.statusCode !== 200) throw new Error(`connecting the stand-in Exact failed: ${res.body}`);
}

/**
 * A direct-debit batch body with today's cut-off, the creditor set, no other batch open (a batch of today's cut-off
 * the walk made before is cancelled), and one more credit account with a mandate owing money.
 */
async function directDebitBatchBody(s: CheckoutStack): Promise<{ collectionDate: string; cutoff: string }> {
  const headers = await adminHeaders(s);
  const creditor = { creditorName: 'Walk Vereniging', creditorIban: 'NL91ABNA0417164300', creditorBic: 'ABNANL2A', creditorId: 'NL28ZZZ401234560000', prenotificationDays: 1 };
  await s.accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers, payload: creditor });
  const open = (await s.payments!.inject({ method: 'GET', url: '/api/admin/direct_debit/?status=open', headers })).json().result.items as { id: string }[];
  for (const batch of open) await s.payments!.inject({ method: 'POST', url: `/api/admin/direct_debit/${batch.id}/cancel`, headers });
  const account = await s.accounts.inject({
    method: 'POST',
    url: '/api/admin/accounts/',
    headers,
    payload: { name: 'Walk Debtor', creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', mandateId: `WALK-${new Types.ObjectId().toHexString()}`, mandateSignedAt: '2025-09-01' },
  });
  const id = account.json().result.id as string;
  await s.accounts.inject({ method: 'POST', url: `/api/admin/accounts/${id}/upgrade/`, headers, payload: { amount: -1250, method: 'correction', reason: 'walk: owes money', nonce: `walk-dd-${id}` } });
  const today = localDay(new Date(), 'Europe/Amsterdam');
  return { collectionDate: nextBusinessDay(today), cutoff: today };
}
/** A new open batch (its file written, so it can be collected) made as directDebitBatchBody says. */
async function newDirectDebitBatch(s: CheckoutStack): Promise<string> {
  const res = await s.payments!.inject({ method: 'POST', url: '/api/admin/direct_debit/', headers: await adminHeaders(s), payload: await directDebitBatchBody(s) });
  if (res.statusCode !== 200) throw new Error(`making the walk's batch failed: ${res.body}`);
  const batchId = res.json().result.id as string;
  await writeDirectDebitFile(s.payments!.db, batchId);
  return batchId;
}

const today = () => localDay(new Date(), 'Europe/Amsterdam');
/** A new event account with one sale on it today, and the invoice sender set (an invoice can be finalised). */
async function invoicedAccount(s: CheckoutStack): Promise<string> {
  const sender = { name: 'Walk Vereniging', address: 'Walkstraat 1\n1234 AB Utrecht', vatNumber: 'NL123456789B01', kvkNumber: '12345678', iban: 'NL91ABNA0417164300', email: '' };
  await s.accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers: await adminHeaders(s), payload: { invoiceSender: sender } });
  const account = await s.createAccount('Walk Invoiced', 5000);
  const sale = await s.pay('account', { nonce: `walk-invoice-${account}`, products: [{ id: s.products[0]!.id, amount: 2 }], account_id: account }, ['PAYMENT_ACCOUNT_OTHER']);
  if (sale.statusCode !== 200) throw new Error(`the walk's sale on account failed: ${sale.body}`);
  return account;
}
/** A draft invoice over today for a new invoiced account; finalised (numbered) when `final`. */
async function newInvoice(s: CheckoutStack, { final = false } = {}): Promise<string> {
  const headers = await adminHeaders(s);
  const res = await s.app.inject({ method: 'POST', url: '/api/admin/invoices/', headers, payload: { accountId: await invoicedAccount(s), from: today(), to: today() } });
  if (res.statusCode !== 200) throw new Error(`the walk's draft invoice failed: ${res.body}`);
  const id = res.json().result.id as string;
  if (final) {
    const done = await s.app.inject({ method: 'POST', url: `/api/admin/invoices/${id}/finalise/`, headers });
    if (done.statusCode !== 200) throw new Error(`finalising the walk's invoice failed: ${done.body}`);
  }
  return id;
}

/** A four-eyes action prepared by admin2 (202), for admin to reject. */
async function prepared(s: CheckoutStack, app: ServiceApp, method: 'POST' | 'DELETE', url: string, payload?: object): Promise<void> {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${await login(s, 'admin2')}` }, ...(payload ? { payload } : {}) });
  if (res.statusCode !== 202) throw new Error(`admin2 preparing ${url} answered ${res.statusCode}: ${res.body}`);
}

async function newUser(s: CheckoutStack): Promise<string> {
  const payload = { username: `walk-${new Types.ObjectId().toHexString().slice(-8)}`, password: 'long enough' };
  return (await s.accounts.inject({ method: 'POST', url: '/api/admin/users/', headers: await adminHeaders(s), payload })).json().result.id as string;
}
async function newRegister(s: CheckoutStack): Promise<string> {
  const payload = { name: `Walk ${new Types.ObjectId().toHexString()}`, capabilities: ['PAYMENT_CASH'] };
  return (await s.accounts.inject({ method: 'POST', url: '/api/admin/registers/', headers: await adminHeaders(s), payload })).json().result.id as string;
}

/** A product body in the first demo category. */
function productBody(s: CheckoutStack, name: string, price = 235) {
  return { name, price, categoryId: s.categoryIds[0]!, depositAmount: 0, vatRate: 21 };
}
/** A month of its own (before Kassa's demo) whose round holds one account made two years ago and never used. */
async function dormantMonth(s: CheckoutStack): Promise<string> {
  const id = await s.createAccount(`Walk Sleeper ${new Types.ObjectId().toHexString().slice(-6)}`, 0);
  const longAgo = new Date(Date.now() - 2 * 365 * 86_400_000);
  await s.accountsDb.collection('accounts').updateOne({ _id: new Types.ObjectId(id) }, { $set: { createdAt: longAgo } });
  const month = `20${String(10 + Math.floor(Math.random() * 10))}-0${1 + Math.floor(Math.random() * 9)}`;
  await s.accountsDb.collection('dormant_notices').insertOne({ _id: `${month}:${id}`, month, accountId: new Types.ObjectId(id), name: 'Walk Sleeper', lastUse: longAgo, balance: 0, noticedAt: new Date(Date.now() - 30 * 86_400_000), closeOn: `${month}-15`, told: 0 } as never);
  return month;
}
/** A payout asked for a walk account of its own (a transfer: the file has a line). */
async function newPayout(s: CheckoutStack): Promise<string> {
  const accountId = await s.createAccount(`Walk Payout ${new Types.ObjectId().toHexString().slice(-6)}`, 1500);
  const res = await s.accounts.inject({ method: 'POST', url: '/api/admin/payouts/', headers: await adminHeaders(s), payload: { accountId, donate: false, iban: 'NL20INGB0001234567', holder: 'Walk Leaver' } });
  return res.json().result.id as string;
}
/** A payout approved by admin2 and admin, with the creditor set: the next file has it. */
async function approvedPayout(s: CheckoutStack): Promise<void> {
  const headers = await adminHeaders(s);
  await s.accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers, payload: { creditorName: 'Walk Vereniging', creditorIban: 'NL91ABNA0417164300', creditorBic: 'ABNANL2A' } });
  const id = await newPayout(s);
  await prepared(s, s.accounts, 'POST', `/api/admin/payouts/${id}/approve`);
  const res = await s.accounts.inject({ method: 'POST', url: `/api/admin/payouts/${id}/approve`, headers });
  if (res.statusCode !== 200) throw new Error(`approving the walk payout answered ${res.statusCode}: ${res.body}`);
}
const adminHeaders = async (s: CheckoutStack) => ({ authorization: `Bearer ${await login(s, 'admin')}` });
async function newProduct(s: CheckoutStack, name: string): Promise<string> {
  const res = await s.catalog.inject({ method: 'POST', url: '/api/admin/products/', headers: await adminHeaders(s), payload: productBody(s, name) });
  return res.json().result.id as string;
}
async function newCategory(s: CheckoutStack): Promise<string> {
  const res = await s.catalog.inject({ method: 'POST', url: '/api/admin/categories/', headers: await adminHeaders(s), payload: { name: `Walk ${new Types.ObjectId().toHexString()}`, colour: '#abcdef' } });
  return res.json().result.id as string;
}
async function newReason(s: CheckoutStack): Promise<string> {
  const res = await s.catalog.inject({ method: 'POST', url: '/api/admin/reasons/', headers: await adminHeaders(s), payload: { name: `Walk ${new Types.ObjectId().toHexString()}` } });
  return res.json().result.id as string;
}

/** Admin calls under /api/admin that change nothing a board member would audit, and why. */
const EXEMPT: Record<string, string> = {
  'POST /api/admin/ledger_audit': 'starts the read-only ledger check; the worker logs each difference it finds',
  'PUT /api/admin/terminal/standin': "queues the training terminal's next outcomes in Redis; no Kassa record changes, and production refuses the stand-in",
  'POST /api/admin/exact/connect': 'keeps a one-time state for the consent page; the connection changes (and is audited) at the callback',
};

/**
 * Each user signs in once per stack: the walk is about what admin calls write to the audit log, not about signing in
 * (post-login and login-limits test that). A password check (bcrypt) for every call made this file 12.2 s instead of
 * 8.7 s on a 2-core machine.
 */
const signedIn = new WeakMap<CheckoutStack, Map<string, Promise<string>>>();
function login(s: CheckoutStack, username: string): Promise<string> {
  const tokens = signedIn.get(s) ?? new Map<string, Promise<string>>();
  signedIn.set(s, tokens);
  const token =
    tokens.get(username) ??
    s.accounts.inject({ method: 'POST', url: '/api/login/', payload: { username, password: username } }).then((res) => {
      if (res.statusCode !== 200) throw new Error(`${username} could not sign in: ${res.body}`);
      return res.json().result.access_token as string;
    });
  tokens.set(username, token);
  return token;
}

function serviceOf(path: string): ServiceName {
  const match = ROUTE_TABLE.filter(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (!match) throw new Error(`no service for ${path}`);
  return match.service;
}

/**
 * Field names that hold a secret in the models (user.model: passwordHash, tfaSecret, tfaPendingSecret,
 * tfaRecoveryHashes; account and account-request: pinHash, pinSalt; card-secret: hash; transaction target:
 * cardSecretHash) or would carry one as given (pin, cardSecret, secret, recovery codes, a TOTP seed).
 */
const SECRET_KEYS = /^(passwordHash|pinHash|pinSalt|pin|cardSecret|cardSecretHash|hash|secret|tfaSecret|tfaPendingSecret|tfaRecoveryHashes|recoveryCodes|totpSecret|otpauth(Url|Uri)?)$/i;
/** A two-factor secret and recovery hash put on `member` before the walk, so the two-factor reset has one to leak. */
const TFA_SECRET = 'sealed-tfa-secret-of-member-JBSWY3DPEHPK3PXP';
const TFA_RECOVERY = 'recovery-hash-of-member-5f1c0e';
/** The passwords the walk sets (CHANGES, newUser). */
const WALK_PASSWORDS = ['long enough', 'another long one'];

/** Where in `value` a secret field name or one of the secret values appears. */
function secretsIn(value: unknown, secrets: readonly string[], at = ''): string[] {
  if (typeof value === 'string') return secrets.filter((secret) => value.includes(secret)).map(() => `${at || '(text)'} holds a secret value`);
  if (Array.isArray(value)) return value.flatMap((v, i) => secretsIn(v, secrets, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(SECRET_KEYS.test(key) && v !== null && v !== undefined ? [`${at}.${key}`] : []),
    ...secretsIn(v, secrets, `${at}.${key}`),
  ]);
}

const mutating = Object.keys(ACCESS_RULES).filter((key) => {
  const [method, path] = key.split(' ') as [string, string];
  return method !== 'GET' && path.startsWith('/api/admin/');
});

describe('every admin change: refused to others, audited once with before and after', () => {
  let s: CheckoutStack;
  let apps: Record<ServiceName, ServiceApp>;
  const tokens: Record<string, string> = {};
  /** Every answer the admin's changes got, to look for secrets in at the end. */
  const answers: { where: string; body: string }[] = [];

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { card: true });
    apps = { accounts: s.accounts, catalog: s.catalog, checkout: s.app, payments: s.payments! };
    for (const username of ['till', 'bar', 'member', 'admin']) tokens[username] = await login(s, username);
    await userModel(s.accountsDb).updateOne({ _id: s.memberUserId }, { $set: { tfaEnabled: true, tfaSecret: TFA_SECRET, tfaRecoveryHashes: [TFA_RECOVERY] } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('knows how to change through every mutating admin route, or why it changes nothing', () => {
    expect(mutating.length).toBeGreaterThan(3);
    expect(mutating.filter((key) => !CHANGES[key] && !EXEMPT[key])).toEqual([]);
    expect(Object.keys(CHANGES).filter((key) => !mutating.includes(key)), 'changes for routes that are gone').toEqual([]);
  });

  it.each(mutating)('%s: 403 to till, bar and member, 401 without a token', async (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const url = path.replace(/\{[a-zA-Z]+\}/g, () => new Types.ObjectId().toHexString());
    const app = apps[serviceOf(path)];
    for (const who of ['till', 'bar', 'member', null]) {
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
        ...(method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${key} as ${who ?? 'anonymous'}`).toBe(who ? 403 : 401);
    }
  });

  it.each(mutating.filter((key) => CHANGES[key]))('%s: a valid change writes exactly one audit entry with before and after', async (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const call = await CHANGES[key]!({ s, admin: tokens.admin! });
    const AuditLog = auditLogModel(s.accountsDb);
    const beforeCount = await AuditLog.countDocuments({});
    const res = await apps[serviceOf(path)].inject({
      method: method as 'POST',
      url: call.url,
      headers: { authorization: `Bearer ${tokens.admin}` },
      ...(call.payload === undefined ? {} : { payload: call.payload as object }),
    });
    answers.push({ where: key, body: res.body });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await AuditLog.countDocuments({}), 'audit entries written by one change').toBe(beforeCount + 1);
    const entry = await AuditLog.findOne({}).sort({ _id: -1 }).lean();
    expect(entry?.who?.username).toBe('admin');
    expect(entry?.before === null && entry?.after === null, 'an entry says what it was before and after').toBe(false);
    expect(entry).toHaveProperty('before');
    expect(entry).toHaveProperty('after');
  });

  it('leaves no password hash, PIN hash or salt, card secret or two-factor secret in any answer or audit entry', async () => {
    // Every secret the databases hold now (the walk's users, accounts, requests and cards), the member's two-factor
    // secret the walk reset, and the plain passwords the walk sent.
    const users = await userModel(s.accountsDb).find({}, { passwordHash: 1, tfaSecret: 1, tfaPendingSecret: 1, tfaRecoveryHashes: 1 }).lean();
    const pins = [...(await accountModel(s.accountsDb).find({}, { pinHash: 1, pinSalt: 1 }).lean()), ...(await accountRequestModel(s.accountsDb).find({}, { pinHash: 1, pinSalt: 1 }).lean())];
    const cards = await cardSecretModel(s.accountsDb).find({}, { hash: 1 }).lean();
    const secrets = [
      ...users.flatMap((u) => [u.passwordHash, u.tfaSecret, u.tfaPendingSecret, ...(u.tfaRecoveryHashes ?? [])]),
      ...pins.flatMap((a) => [a.pinHash, a.pinSalt]),
      ...cards.map((c) => c.hash),
      TFA_SECRET,
      TFA_RECOVERY,
      ...WALK_PASSWORDS,
    ].filter((v): v is string => typeof v === 'string' && v.length >= 8);
    expect(secrets.length).toBeGreaterThan(users.length);
    // The walk above ran first (a file's tests run in order): its answers are all here.
    expect(answers.length).toBe(mutating.filter((key) => CHANGES[key]).length);

    // What the admin pages read afterwards: every admin list and the records the walk changed.
    const reads = Object.keys(ACCESS_RULES)
      .filter((key) => key.startsWith('GET /api/admin/') && !key.includes('{'))
      .map((key) => key.slice(4));
    reads.push(`/api/admin/users/${s.memberUserId}/`, `/api/admin/accounts/${String(pins[0]?._id)}/`);
    for (const path of reads) {
      const res = await apps[serviceOf(path)].inject({ method: 'GET', url: `${path}?perPage=200`, headers: { authorization: `Bearer ${tokens.admin}` } });
      answers.push({ where: `GET ${path}`, body: res.body });
    }

    const found: string[] = [];
    for (const { where, body } of answers) {
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // Not JSON: looked at as text.
      }
      found.push(...secretsIn(parsed, secrets).map((f) => `answer of ${where}: ${f}`));
    }
    const entries = await auditLogModel(s.accountsDb).find({}).lean();
    expect(entries.length).toBeGreaterThanOrEqual(answers.filter((a) => !a.where.startsWith('GET')).length);
    for (const entry of entries) found.push(...secretsIn({ before: entry.before, after: entry.after, who: entry.who }, secrets).map((f) => `audit ${entry.action}: ${f}`));
    expect(found).toEqual([]);
  });
});
