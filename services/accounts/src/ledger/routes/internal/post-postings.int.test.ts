import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../../models/account.model';
import { userModel } from '../../../identity/models/user.model';
import { DEV_PIN_PEPPER } from '../../../config';
import { auditLogModel } from '../../models/audit-log.model';
import { MAX_PIN_FAILURES, PIN_LOCK_MS, PIN_REGISTER_LIMIT } from '../../pins/pin-guard';
import { hashPin } from '../../pins/secrets';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, TestClock, type AccountsTestApp } from '../../../testing/accounts-test-app';

describe('POST /internal/ledger/postings', () => {
  const clock = new TestClock();
  let app: AccountsTestApp;
  let memberAccountId: string;
  let memberUserId: string;

  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true, deps: { now: clock.now } }));
    const member = await userModel(app.db).findOne({ username: 'member' }).lean();
    memberUserId = String(member?._id);
    memberAccountId = String(member?.accountId);
  });
  afterAll(async () => stopAccountsTestApp(app));

  const accountByName = async (name: string) => String((await accountModel(app.db).findOne({ name }).lean())?._id);
  const post = (payload: Record<string, unknown>) => internalPost(app, '/internal/ledger/postings', { kind: 'purchase', ref: 'test', ...payload });

  it('is closed to callers without the internal token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/internal/ledger/postings',
      payload: { target: { accountId: memberAccountId }, amount: 1000, key: 'no-token', kind: 'topup', ref: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorIdentifier).toBe('insufficient_permissions');
  });

  it("debits the user's own account and answers the new balance and account name", async () => {
    const res = await post({ target: { userId: memberUserId }, amount: -250, key: 'self-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({
      accountId: memberAccountId,
      accountName: 'Marit de Member',
      seq: 2,
      amount: -250,
      balanceAfter: 2250,
      key: 'self-1',
      replay: false,
    });
    const again = await post({ target: { userId: memberUserId }, amount: -250, key: 'self-1' });
    expect(again.json().result).toMatchObject({ seq: 2, balanceAfter: 2250, replay: true });
  });

  it('answers no_linked_account for a user without an account', async () => {
    const newbie = await userModel(app.db).findOne({ username: 'newbie' }).lean();
    const res = await post({ target: { userId: String(newbie?._id) }, amount: -100, key: 'newbie-1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorIdentifier).toBe('no_linked_account');
  });

  it('answers unknown_card_secret for a card nobody linked', async () => {
    const res = await post({ target: { cardSecret: '$never-seen-card' }, amount: -100, key: 'card-unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorIdentifier: 'unknown_card_secret', errorMessage: 'Unknown card, connect your account' });
  });

  it('refuses to overdraw a prepaid account with the exact message the till shows', async () => {
    const id = await accountByName('Daan Visser');
    const res = await post({ target: { accountId: id }, amount: -121, key: 'daan-broke' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorIdentifier: 'insufficient_credits', errorMessage: 'Daan Visser has insufficient credits in account.' });
  });

  it('limits wrong PINs per register across accounts, and writes an audit entry for every account it locks', async () => {
    const accounts = await accountModel(app.db).insertMany(
      Array.from({ length: PIN_REGISTER_LIMIT.failures / MAX_PIN_FAILURES + 1 }, (_, i) => ({ name: `Geraden ${i}`, ...hashPin(DEV_PIN_PEPPER, '1234') })),
    );
    const ids = accounts.map((a) => String(a._id));
    const pay = (accountId: string, pin: string, registerId: string, key: string) =>
      post({ target: { accountId }, amount: -1, key: `register-limit-${key}`, pin, checkPin: true, registerId });
    // One till guessing: 5 wrong PINs on each of 6 accounts (each 5th locks that account), 30 in all.
    for (const [a, id] of ids.slice(0, -1).entries()) {
      for (let i = 0; i < MAX_PIN_FAILURES; i++) expect((await pay(id, '0000', 'reg-guess', `${a}-${i}`)).statusCode).toBeOneOf([400, 429]);
    }
    const fresh = ids.at(-1)!;
    const refused = await pay(fresh, '1234', 'reg-guess', 'right-after');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ errorIdentifier: 'too_many_requests', errorMessage: expect.stringMatching(/^Too many wrong passcodes on this till\. PIN payments work again in (60|59) minutes/) });
    // Another till is not affected: its wrong PIN is checked like any other.
    expect((await pay(fresh, '0000', 'reg-other', 'other')).json().errorIdentifier).toBe('invalid_account_pin');
    // The board sees each lock-out: who, until when, from which register.
    const entries = await auditLogModel(app.db).find({ action: 'account.pin.locked', entityId: { $in: ids } }).lean();
    expect(entries.map((e) => e.entityId).sort()).toEqual(ids.slice(0, -1).sort());
    expect(entries[0]).toMatchObject({ entityType: 'account', after: { lockouts: 1, registerId: 'reg-guess', lockedUntil: expect.any(String) } });
    // ... and the account page says until when.
    const admin = await loginAs(app, 'admin');
    const page = await app.inject({ method: 'GET', url: `/api/admin/accounts/${entries[0]!.entityId}/`, headers: bearer(admin) });
    expect(page.json().result.pinLockedUntil).toBe((entries[0]!.after as { lockedUntil: string }).lockedUntil);
    const unlocked = await app.inject({ method: 'GET', url: `/api/admin/accounts/${fresh}/`, headers: bearer(admin) });
    expect(unlocked.json().result.pinLockedUntil).toBeNull();
    // The hour passes: the till may take PINs again.
    clock.advance(PIN_REGISTER_LIMIT.windowMs + 1000);
    expect((await pay(fresh, '0000', 'reg-guess', 'next-hour')).json().errorIdentifier).toBe('invalid_account_pin');
  });

  it('refuses a wrong PIN, warns at the 4th, locks the account at the 5th for 5 minutes, and a right PIN afterwards works', async () => {
    const id = await accountByName('Bram de Vries');
    const pay = (pin: string, key: string) => post({ target: { accountId: id }, amount: -100, key, pin, checkPin: true });
    for (let i = 1; i <= 3; i++) {
      const res = await pay('0000', `lock-wrong-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorIdentifier: 'invalid_account_pin', errorMessage: 'Invalid passcode' });
    }
    const fourth = await pay('0000', 'lock-wrong-4');
    expect(fourth.json()).toMatchObject({ errorIdentifier: 'invalid_account_pin', errorMessage: 'Invalid passcode. 1 try left: one more wrong passcode locks this account for 5 minutes.' });
    const fifth = await pay('0000', 'lock-wrong-5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ errorIdentifier: 'pin_locked' });
    expect(fifth.json().errorMessage).toMatch(/^Too many wrong passcodes for this account\. Try again in 5 minutes \(at \d\d:\d\d\)\.$/);
    const locked = await pay('1234', 'lock-right-while-locked');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorIdentifier).toBe('pin_locked');
    expect(locked.json().errorMessage).toMatch(/Try again in 5 minutes \(at \d\d:\d\d\)\./);
    // Another account is not affected.
    const other = await post({ target: { accountId: await accountByName('Julia Brouwer') }, amount: -100, key: 'lock-other', pin: '1234', checkPin: true });
    expect(other.statusCode).toBe(200);

    clock.advance(PIN_LOCK_MS - 60_000);
    expect((await pay('1234', 'lock-still')).json().errorMessage).toMatch(/Try again in 1 minute /);
    clock.advance(60_000);
    const after = await pay('1234', 'lock-after');
    expect(after.statusCode).toBe(200);
    expect(after.json().result.balanceAfter).toBe(4100);
  });

  it('locks twice as long at each lock-out in a row, so a day allows about 45 guesses instead of 1,440', async () => {
    const id = await accountByName('Lotte Dijkstra');
    const pay = (pin: string, key: string) => post({ target: { accountId: id }, amount: -1, key: `pin-growth-${key}`, pin, checkPin: true });
    let guesses = 0;
    const started = clock.now().getTime();
    const minutesLocked: number[] = [];
    while (clock.now().getTime() - started < 24 * 60 * 60_000) {
      // The clock moves past each lock-out, so every try is a checked guess (the one that locks answers pin_locked).
      const res = await pay(String(5000 + guesses), `guess-${guesses}`);
      guesses += 1;
      if (res.json().errorIdentifier === 'pin_locked') {
        const minutes = Number(/Try again in (\d+) minute/.exec(res.json().errorMessage)?.[1]);
        minutesLocked.push(minutes);
        clock.advance(minutes * 60_000);
        continue;
      }
      expect(res.json().errorIdentifier).toBe('invalid_account_pin');
    }
    expect(minutesLocked.slice(0, 4)).toEqual([5, 10, 20, 40]);
    expect(guesses).toBeLessThan(60);
    // The owner's right PIN, once the lock has run out, clears the row.
    clock.advance(24 * 60 * 60_000);
    expect((await pay('1234', 'grow-owner')).statusCode).toBe(200);
    for (let i = 1; i <= 5; i++) await pay('0000', `grow-again-${i}`);
    expect((await pay('1234', 'grow-owner-2')).json().errorMessage).toMatch(/Try again in 5 minutes/);
  });

  it('forgets earlier wrong tries once the right PIN is given', async () => {
    const id = await accountByName('Charlotte Bakker');
    const pay = (pin: string, key: string) => post({ target: { accountId: id }, amount: -10, key, pin, checkPin: true });
    for (let i = 1; i <= 4; i++) expect((await pay('9999', `reset-wrong-${i}`)).statusCode).toBe(400);
    expect((await pay('1234', 'reset-right')).statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) expect((await pay('9999', `reset-wrong-again-${i}`)).json().errorIdentifier).toBe('invalid_account_pin');
    expect((await pay('1234', 'reset-right-2')).statusCode).toBe(200);
  });

  it('locks an account that just paid with the right PIN as soon as 5 wrong tries follow', async () => {
    const id = await accountByName('Gijs Bos');
    const pay = (pin: string, key: string) => post({ target: { accountId: id }, amount: -10, key, pin, checkPin: true });
    expect((await pay('1234', 'relock-right')).statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) expect((await pay('4444', `relock-wrong-${i}`)).json().errorIdentifier).toBe('invalid_account_pin');
    expect((await pay('4444', 'relock-wrong-5')).json().errorIdentifier).toBe('pin_locked');
    expect((await pay('1234', 'relock-right-2')).json().errorIdentifier).toBe('pin_locked');
  });

  it('does not write anything when the PIN is wrong', async () => {
    const id = await accountByName('Eva Meijer');
    await post({ target: { accountId: id }, amount: -10, key: 'nowrite-1', pin: '1111', checkPin: true });
    const res = await internalPost(app, '/internal/ledger/postings', { target: { accountId: id }, amount: -10, key: 'nowrite-2', kind: 'purchase', ref: 'x' });
    expect(res.json().result).toMatchObject({ seq: 2, balanceAfter: 965 });
  });

  it('answers 422 with detail for a malformed posting', async () => {
    const res = await internalPost(app, '/internal/ledger/postings', { target: { accountId: 'nope' }, amount: 1.5, key: '', kind: 'gift', ref: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.length).toBeGreaterThanOrEqual(3);
  });

  it('tells other services an account with its ledger balance', async () => {
    const id = await accountByName('Emma de Boer');
    const res = await app.inject({ method: 'GET', url: `/internal/accounts/${id}`, headers: { 'x-internal-token': app.accounts.env.INTERNAL_TOKEN } });
    expect(res.json().result).toEqual({ id, name: 'Emma de Boer', type: 'member', creditAccount: true, balance: -1250, tab: false, invoiceName: null, invoiceAddress: null });
    const missing = await app.inject({ method: 'GET', url: '/internal/accounts/64b7f0c2a1b2c3d4e5f60718', headers: { 'x-internal-token': app.accounts.env.INTERNAL_TOKEN } });
    expect(missing.statusCode).toBe(404);
  });
});
