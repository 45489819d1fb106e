import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { internalPost, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app';
import { accountModel } from './models/account.model';

/**
 * A failed direct debit, followed up (issue 48 §3): a month after the failure an account that still owes buys nothing
 * ("blocked: open debt EUR x"), top-ups go on, and paying the debt lifts the block at once. The clock is moved, not waited for.
 */
describe('the block a month after a failed debit', () => {
  let app: AccountsTestApp;
  let clock = new Date('2026-11-02T10:00:00Z');

  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { deps: { now: () => clock } }));
  });
  afterAll(async () => stopAccountsTestApp(app));

  const post = (accountId: string, amount: number, key: string, kind = amount < 0 ? 'purchase' : 'topup') =>
    internalPost(app, '/internal/ledger/postings', { target: { accountId }, amount, key, kind, ref: 'test' });

  it('refuses purchases from the failure month on while it owes, answers a sale booked before as booked, and lets top-ups lift it', async () => {
    const accountId = String((await accountModel(app.db).create({ name: 'Stroppe Schuld', creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' }))._id);
    expect((await post(accountId, 1_000, 'schuld:in')).statusCode).toBe(200);
    const before = await post(accountId, -250, 'schuld:verkoop');
    expect(before.statusCode).toBe(200);
    // The debit the bank reversed: € 30,00 below zero, credit off.
    expect((await internalPost(app, '/internal/ledger/postings', { target: { accountId }, amount: -3_750, key: 'schuld:teruggeboekt', kind: 'direct_debit', ref: 'b', allowNegative: true })).statusCode).toBe(200);
    expect((await internalPost(app, `/internal/accounts/${accountId}/direct-debit-failure`, { batchId: 'e'.repeat(24), amount: 3_750, at: clock.toISOString() })).statusCode).toBe(200);

    // Within the month: credit is off, so a purchase is refused as for any prepaid account without money.
    clock = new Date('2026-12-01T20:00:00Z');
    expect((await post(accountId, -250, 'schuld:binnen-de-maand')).json()).toMatchObject({ errorIdentifier: 'insufficient_credits' });

    // The month is over (2 December): blocked, saying what is owed; a retry of the sale booked before answers it.
    clock = new Date('2026-12-02T08:00:00Z');
    const blocked = await post(accountId, -250, 'schuld:geblokkeerd');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ errorIdentifier: 'account_blocked', errorMessage: 'blocked: open debt EUR 30,00' });
    const retried = await post(accountId, -250, 'schuld:verkoop');
    expect(retried.statusCode).toBe(200);
    expect(retried.json().result).toMatchObject({ replay: true, balanceAfter: 750 });

    // Part paid: still blocked, for what is left.
    expect((await post(accountId, 1_000, 'schuld:deel')).statusCode).toBe(200);
    expect((await post(accountId, -250, 'schuld:nog-steeds')).json().errorMessage).toBe('blocked: open debt EUR 20,00');

    // The rest paid while a purchase comes in at once: the money stays right whichever goes first, and the block is gone.
    const [paid, sale] = await Promise.all([post(accountId, 2_000, 'schuld:rest'), post(accountId, -250, 'schuld:tegelijk')]);
    expect(paid.statusCode).toBe(200);
    expect(['account_blocked', 'insufficient_credits']).toContain(sale.json().errorIdentifier);
    expect(paid.json().result.balanceAfter).toBe(0);
    expect((await accountModel(app.db).findById(accountId).lean())?.directDebitFailure).toBeNull();
    expect((await post(accountId, 500, 'schuld:opwaarderen')).statusCode).toBe(200);
    const after = await post(accountId, -250, 'schuld:weer-kopen');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().result.balanceAfter).toBe(250);
  });
});
